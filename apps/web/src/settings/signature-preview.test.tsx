import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shareHtml } from '@vocal/host-contract';
import { defaultPersonalisation, THEME_PRESETS } from '@vocal/settings-model';
import { buildShare, type ShareSettings } from '@vocal/ui-kit';
import { SignaturePreview } from './signature-preview.tsx';

/** A tree as a mail client would see it: tags, attributes, text, and each inline style declaration as the browser reads it. */
function shapeOf(node: Node): unknown {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (!(node instanceof HTMLElement)) return null;
  const attributes = [...node.attributes].filter((attribute) => attribute.name !== 'style').map(({ name, value }) => [name, value]);
  const style = [...node.style].map((property) => [property, node.style.getPropertyValue(property)]);
  // Adjacent text nodes (React writes "🎙️" and " " apart) read as one, as in the markup.
  const children = [...node.childNodes].map(shapeOf).reduce<unknown[]>((merged, child) => {
    const last = merged.at(-1);
    if (typeof child === 'string' && typeof last === 'string') merged[merged.length - 1] = last + child;
    else merged.push(child);
    return merged;
  }, []);
  return { tag: node.tagName, attributes, style, children };
}

/** What the add-ins insert for these settings, parsed (jsdom keeps no Content-Security-Policy). */
function insertedShape(settings: ShareSettings) {
  const share = buildShare({
    upload: { id: 'sample-message', url: `${window.location.origin}/listen/sample-message` },
    subject: null,
    settings,
    durationSeconds: 0,
  });
  const container = document.createElement('div');
  container.innerHTML = shareHtml(share);
  return shapeOf(container.firstChild!);
}

describe('the signature preview', () => {
  it('draws exactly the HTML the add-ins insert, the link in the signature theme’s accent', () => {
    const settings = defaultPersonalisation();
    settings.signature.message = 'Listen to this <b>now</b> & reply';
    render(<SignaturePreview settings={settings} />);
    const drawn = screen.getByTestId('signature-preview').firstChild!;
    expect(shapeOf(drawn)).toEqual(insertedShape(settings));
    const link = screen.getByRole('link', { name: 'Listen to my voice message' });
    expect(link.style.backgroundColor).toBe('rgb(34, 113, 225)');
    expect(link.style.color).toBe('rgb(255, 255, 255)');
    expect(screen.getByTestId('signature-preview').textContent).toBe('Listen to this <b>now</b> & reply🎙️ Listen to my voice message');
  });

  it('follows another theme, a light one with dark text, and the message switched off', () => {
    const settings = defaultPersonalisation();
    const yellow = { ...THEME_PRESETS.Light, name: 'Signature', primary: '#FFFF00' };
    const themed = { themes: [...settings.themes, yellow], signature: { ...settings.signature, enabled: false, theme: 4 } };
    const { rerender } = render(<SignaturePreview settings={themed} />);
    expect(shapeOf(screen.getByTestId('signature-preview').firstChild!)).toEqual(insertedShape(themed));
    expect(screen.getByRole('link').style.backgroundColor).toBe('rgb(255, 255, 0)');
    expect(screen.getByRole('link').style.color).toBe('rgb(17, 17, 17)');

    const exotic = { ...themed, signature: { ...themed.signature, enabled: true, theme: 3 } };
    rerender(<SignaturePreview settings={exotic} />);
    expect(shapeOf(screen.getByTestId('signature-preview').firstChild!)).toEqual(insertedShape(exotic));
    expect(screen.getByRole('link').style.backgroundColor).toBe('rgb(128, 104, 172)');
  });
});
