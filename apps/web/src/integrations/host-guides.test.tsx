import { render, screen, within } from '@testing-library/react';
import { missingCount } from './host-requirements.ts';
import { describe, expect, it } from 'vitest';
import { hostAppAddress, isSecureOrigin } from './host-app-address.ts';
import { hostGuides, resourcesOf, type HostGuide } from './host-guides.tsx';
import type { IntegrationReadiness } from '@vocal/settings-model';
import { requirementsOf } from './host-requirements.ts';
import { IntegrationCard } from './integration-card.tsx';

/** A server's facts as GET /api/integrations answers them: https, every app built, no Microsoft sign-in. */
const readiness = (overrides: Partial<IntegrationReadiness> = {}): IntegrationReadiness => ({
  publicUrl: ORIGIN,
  microsoft: null,
  storage: { kind: 'local', publicOrigin: ORIGIN },
  built: {
    outlook: true,
    'ms-teams': true,
    zendesk: true,
    'front-app': true,
    'zoho-mail': true,
    'google-meet': true,
    'chrome-extension': true,
    'google-docs': true,
  },
  ...overrides,
});

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
  it('shows the host, whether this server is ready for it, and the link to its page', () => {
    const outlook = hostGuides(ORIGIN)[0]!;
    const { rerender } = render(<IntegrationCard guide={outlook} requirements={null} />);
    const card = screen.getByRole('article', { name: 'Outlook' });
    expect(within(card).getByRole('link', { name: 'Set up Outlook' }).getAttribute('href')).toBe('/integrations/outlook');
    expect(within(card).queryByText(/on this server/)).toBeNull();
    rerender(
      <IntegrationCard guide={outlook} requirements={requirementsOf('outlook', 'Outlook', readiness({ publicUrl: 'http://x.example' }))} />,
    );
    expect(within(card).getByText('1 thing to set up on this server')).toBeTruthy();
    rerender(<IntegrationCard guide={outlook} requirements={requirementsOf('outlook', 'Outlook', readiness())} />);
    expect(within(card).getByText('Ready on this server')).toBeTruthy();
  });
});

describe('what each host needs of this server', () => {
  const states = (id: Parameters<typeof requirementsOf>[0], facts: IntegrationReadiness) =>
    requirementsOf(id, 'Host', facts).map((need) => `${need.id} ${need.met ? 'met' : need.optional ? 'optional' : 'missing'}`);

  it('asks every host for an https address and its build, and says what the server has', () => {
    expect(states('outlook', readiness())).toEqual(['https met', 'built met']);
    const plain = readiness({ publicUrl: 'http://vocal.example.com', built: { ...readiness().built, outlook: false } });
    expect(states('outlook', plain)).toEqual(['https missing', 'built missing']);
    expect(requirementsOf('outlook', 'Outlook', plain)[0]!.detail).toContain('PUBLIC_URL is http://vocal.example.com.');
    expect(missingCount(requirementsOf('outlook', 'Outlook', plain))).toBe(2);
  });

  it('lets Zendesk use localhost, and the extension any address', () => {
    expect(states('zendesk', readiness({ publicUrl: 'http://localhost:3000' }))).toEqual(['https-or-localhost met', 'built met']);
    expect(states('zendesk', readiness({ publicUrl: 'http://vocal.example.com' }))).toEqual(['https-or-localhost missing', 'built met']);
    expect(states('chrome-extension', readiness({ publicUrl: 'http://vocal.example.com' }))).toEqual(['https optional', 'built met']);
  });

  it('asks Teams for Microsoft sign-in (optional), Meet for an address without a path, and names Docs’ picture origin', () => {
    expect(states('ms-teams', readiness())).toEqual(['https met', 'built met', 'microsoft-sign-in optional']);
    const withMicrosoft = readiness({ microsoft: { clientId: 'c1d2', tenant: 'organizations' } });
    expect(states('ms-teams', withMicrosoft)).toEqual(['https met', 'built met', 'microsoft-sign-in met']);
    expect(requirementsOf('ms-teams', 'Teams', withMicrosoft)[2]!.detail).toContain('MICROSOFT_CLIENT_ID is c1d2');
    expect(states('google-meet', readiness({ publicUrl: 'https://example.com/vocal' }))).toEqual([
      'https met',
      'built met',
      'origin-only missing',
    ]);
    const s3 = readiness({ storage: { kind: 's3', publicOrigin: 'https://bucket.example.net' } });
    expect(requirementsOf('google-docs', 'Docs', s3)[2]!.detail).toContain('https://bucket.example.net');
  });
});
