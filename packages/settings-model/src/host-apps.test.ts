import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { hostSdks } from '@vocal/eslint-config/host-sdks';
import { describe, expect, it } from 'vitest';
import { RECORDING_HANDOFF_HOSTS } from './api/handoffs.ts';
import { HOST_APP_IDS, hostAppIdSchema } from './api/integrations.ts';
import { HOST_APPS, hostAppOfPath, hostAppsOf, hostPlatformsOf, type HostAppEntry, type HostAppRegistry } from './host-apps.ts';
import { PLATFORMS, platformSchema } from './platform.ts';

/** A ninth host, as someone adding one would write it. */
const acmeDesk: HostAppEntry = {
  name: 'Acme Desk',
  platforms: ['acme-desk', 'acme-desk-mobile'],
  frame: { frameAncestors: ['https://*.acmedesk.example'], scriptSources: ['https://cdn.acmedesk.example'] },
  framedPages: ['/record/acme'],
  entryPages: [{ path: '/addons/acme', file: 'panel.html', how: 'serve', what: 'panel' }],
  recordWindow: { recordPaths: ['/record/acme/window'], title: 'Recording for Acme', lead: 'The link goes to Acme.', sendLabel: 'Add' },
  recordingHandoff: ['acme-desk'],
  address: 'https',
};
const withAcme: HostAppRegistry = { ...HOST_APPS, 'acme-desk': acmeDesk };

describe('the host registry (host-apps.ts)', () => {
  it('is where every list of hosts comes from', () => {
    expect(HOST_APP_IDS).toEqual(Object.keys(HOST_APPS));
    expect(hostAppIdSchema.options).toEqual(Object.keys(HOST_APPS));
    expect(PLATFORMS).toEqual(['webapp', 'contact-form', ...Object.values(HOST_APPS).flatMap((entry) => entry.platforms)]);
    // Gmail on phones is the Google Workspace add-on's, which lives in apps/google-docs.
    expect(platformSchema.safeParse('mobile').success).toBe(true);
    expect(RECORDING_HANDOFF_HOSTS).toContain('gmail');
    expect(RECORDING_HANDOFF_HOSTS).not.toContain('outlook');
  });

  it('has an app under apps/ for every host, and the lint knows each one’s SDK', () => {
    for (const id of HOST_APP_IDS) {
      expect(existsSync(fileURLToPath(new URL(`../../../apps/${id}/package.json`, import.meta.url))), id).toBe(true);
    }
    // tooling/ sits below packages/, so the lint keeps its own table of SDKs: it must name the same hosts.
    expect(hostSdks.map((sdk) => sdk.app).sort()).toEqual([...HOST_APP_IDS].sort());
  });

  it('takes a host added to it through to its platforms and its pages', () => {
    expect(hostAppsOf(withAcme).map((host) => host.id)).toEqual([...HOST_APP_IDS, 'acme-desk']);
    expect(hostPlatformsOf(withAcme).slice(-2)).toEqual(['acme-desk', 'acme-desk-mobile']);
    expect(hostAppOfPath('/hosts/acme-desk/panel.js', withAcme)).toBe('acme-desk');
    expect(hostAppOfPath('/addons/acme', withAcme)).toBe('acme-desk');
    expect(hostAppOfPath('/record/acme', withAcme)).toBe('acme-desk');
    // Not in the real registry, nor a page of a host that is.
    expect(hostAppOfPath('/hosts/acme-desk/panel.js')).toBeNull();
    expect(hostAppOfPath('/addons/meet')).toBe('google-meet');
    expect(hostAppOfPath('/record/google-workspace')).toBe('google-docs');
    expect(hostAppOfPath('/record/google-workspace/window')).toBeNull();
    expect(hostAppOfPath('/hosts/constructor/x')).toBeNull();
  });
});
