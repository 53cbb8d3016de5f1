import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { shareHtml, shareHtmlParts, shareText, type StyleDeclaration } from '@vocal/host-contract';
import { Button, buildShare, type ShareSettings } from '@vocal/ui-kit';
import { copyShareHtml } from './copy-share-html.ts';

/** A link of the shape a real message gets, so the preview reads as the real thing. */
const sampleUpload = () => ({ id: 'sample-message', url: `${window.location.origin}/listen/sample-message` });

type CopyState = 'idle' | 'copied' | 'refused';

/** `background-color` → `backgroundColor`, as React's style prop names it. */
const styleOf = (declarations: readonly StyleDeclaration[]): CSSProperties =>
  Object.fromEntries(
    declarations.map(([property, value]) => [property.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()), value]),
  );

/**
 * How the signature looks in an email: the HTML the add-ins insert (host-contract's shareHtml
 * over ui-kit's buildShare, so with the signature theme's accent), in a mock message, with a
 * sample link. It is drawn from shareHtml's own parts rather than its markup: this page's
 * Content-Security-Policy refuses style attributes in markup, and React's styles are not markup.
 * Copy as HTML and the hand-copy box give the markup itself.
 */
export function SignaturePreview({ settings }: { settings: ShareSettings }) {
  const share = buildShare({ upload: sampleUpload(), subject: null, settings, durationSeconds: 0 });
  const html = shareHtml(share);
  const parts = shareHtmlParts(share);
  const [copy, setCopy] = useState<CopyState>('idle');
  const fallbackId = useId();
  const fallbackRef = useRef<HTMLTextAreaElement>(null);

  // A changed signature makes the last copy's outcome stale.
  useEffect(() => setCopy('idle'), [html]);
  useEffect(() => {
    if (copy === 'refused') fallbackRef.current?.select();
  }, [copy]);

  return (
    <section className="signature-preview" aria-labelledby={`${fallbackId}-title`}>
      <h2 id={`${fallbackId}-title`} className="settings-page__heading">
        Preview
      </h2>
      <div className="signature-preview__mail">
        <p className="signature-preview__meta">
          <span>To: sam@example.com</span>
          <span>Subject: Quick update</span>
        </p>
        <p className="signature-preview__body">Hi Sam,</p>
        <div className="signature-preview__share" data-testid="signature-preview">
          <p>
            {parts.message !== null ? (
              <>
                {parts.message}
                <br />
              </>
            ) : null}
            🎙️{' '}
            <a href={parts.url} style={parts.linkStyle ? styleOf(parts.linkStyle) : undefined}>
              {parts.title}
            </a>
          </p>
        </div>
      </div>
      <div className="signature-preview__actions">
        <Button
          type="button"
          variant="secondary"
          onClick={async () => setCopy((await copyShareHtml(html, shareText(share))) ? 'copied' : 'refused')}
        >
          Copy as HTML
        </Button>
        <p className="signature-preview__status" role="status" aria-live="polite">
          {copy === 'copied' ? 'Copied. Paste it into any email.' : null}
        </p>
      </div>
      {copy === 'refused' ? (
        <div className="signature-preview__fallback">
          <label htmlFor={fallbackId}>Your browser did not allow copying. Select the HTML below and copy it yourself (Ctrl+C or ⌘C).</label>
          <textarea
            id={fallbackId}
            ref={fallbackRef}
            className="vk-field__control signature-preview__code"
            readOnly
            rows={4}
            value={html}
          />
        </div>
      ) : null}
    </section>
  );
}
