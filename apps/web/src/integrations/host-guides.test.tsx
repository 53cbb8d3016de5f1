import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hostAppAddress, isSecureOrigin } from './host-app-address.ts';
import { hostGuides, resourcesOf, type HostGuide } from './host-guides.tsx';
import { IntegrationCard } from './integration-card.tsx';

const ORIGIN = 'https://vocal.example.com';

/** A guide's downloads and addresses, as "kind url". */
const handedOut = (guide: HostGuide) => resourcesOf(guide).map((resource) => `${resource.kind} ${resource.url}`);

describe('hostGuides', () => {
  const guides = hostGuides(ORIGIN);
  const guide = (id: string) => guides.find((candidate) => candidate.id === id)!;

  it('has one guide per host app the server builds, in the order the page shows them', () => {
    expect(guides.map(({ id }) => id)).toEqual([
      'outlook',
      'ms-teams',
      'zendesk',
      'front-app',
      'zoho-mail',
      'google-meet',
      'chrome-extension',
      'google-docs',
    ]);
    for (const { id, summary, steps } of guides) {
      expect(summary.length, id).toBeGreaterThan(20);
      expect(steps.length, id).toBeGreaterThanOrEqual(3);
    }
  });

  it('gives each host what it installs from, on the server it was built for', () => {
    expect(handedOut(guide('outlook'))).toEqual([
      `download ${ORIGIN}/hosts/outlook/app.zip`,
      `address ${ORIGIN}/hosts/outlook/manifest.json`,
    ]);
    expect(handedOut(guide('ms-teams'))).toEqual([`download ${ORIGIN}/hosts/ms-teams/app.zip`]);
    expect(handedOut(guide('zendesk'))).toEqual([`download ${ORIGIN}/hosts/zendesk/app.zip`]);
    expect(handedOut(guide('front-app'))).toEqual([`address ${ORIGIN}/hosts/front-app/sidebar.html`]);
    expect(handedOut(guide('zoho-mail'))).toEqual([`download ${ORIGIN}/hosts/zoho-mail/app.zip`]);
    expect(handedOut(guide('google-meet'))).toEqual([`address ${ORIGIN}/hosts/google-meet/manifest.json`]);
    expect(handedOut(guide('chrome-extension'))).toEqual([`download ${ORIGIN}/hosts/chrome-extension/extension.zip`]);
    expect(handedOut(guide('google-docs'))).toEqual([
      `address ${ORIGIN}/hosts/google-docs/appsscript.json`,
      `address ${ORIGIN}/hosts/google-docs/Code.js`,
      `address ${ORIGIN}/hosts/google-docs/sidebar.html`,
      `address ${ORIGIN}/`,
    ]);
  });

  it('names each download as the server names it (vocal-{host}.zip)', () => {
    for (const guide of guides) {
      for (const resource of resourcesOf(guide)) if (resource.kind === 'download') expect(resource.fileName).toBe(`vocal-${guide.id}.zip`);
    }
  });

  it('follows the page to whichever server it is on', () => {
    expect(hostGuides('http://localhost:4321').flatMap(handedOut)).toEqual([
      'download http://localhost:4321/hosts/outlook/app.zip',
      'address http://localhost:4321/hosts/outlook/manifest.json',
      'download http://localhost:4321/hosts/ms-teams/app.zip',
      'download http://localhost:4321/hosts/zendesk/app.zip',
      'address http://localhost:4321/hosts/front-app/sidebar.html',
      'download http://localhost:4321/hosts/zoho-mail/app.zip',
      'address http://localhost:4321/hosts/google-meet/manifest.json',
      'download http://localhost:4321/hosts/chrome-extension/extension.zip',
      'address http://localhost:4321/hosts/google-docs/appsscript.json',
      'address http://localhost:4321/hosts/google-docs/Code.js',
      'address http://localhost:4321/hosts/google-docs/sidebar.html',
      'address http://localhost:4321/',
    ]);
  });
});

describe('hostAppAddress and isSecureOrigin', () => {
  it('builds the address of a file of a host app', () => {
    expect(hostAppAddress(ORIGIN, 'zoho-mail', 'plugin-manifest.json')).toBe(`${ORIGIN}/hosts/zoho-mail/plugin-manifest.json`);
  });

  it('calls only https origins secure', () => {
    expect(isSecureOrigin(ORIGIN)).toBe(true);
    expect(isSecureOrigin('http://localhost:3000')).toBe(false);
    expect(isSecureOrigin('http://vocal.example.com')).toBe(false);
  });
});

describe('IntegrationCard', () => {
  it('shows the host, its numbered steps, the download as a link that saves the file and each address to copy', () => {
    const outlook = hostGuides(ORIGIN)[0]!;
    render(<IntegrationCard guide={outlook} />);
    const card = screen.getByRole('article', { name: 'Outlook' });
    expect(within(card).getAllByRole('listitem')).toHaveLength(outlook.steps.length);
    const download = within(card).getByRole('link', { name: 'Download the Outlook package' });
    expect(download.getAttribute('href')).toBe(`${ORIGIN}/hosts/outlook/app.zip`);
    expect(download.getAttribute('download')).toBe('vocal-outlook.zip');
    expect(within(card).getByRole('textbox', { name: 'Outlook manifest address' })).toHaveProperty(
      'value',
      `${ORIGIN}/hosts/outlook/manifest.json`,
    );
  });
});
