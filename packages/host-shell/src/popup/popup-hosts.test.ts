import { HOST_APPS, type HostAppRegistry } from '@vocal/settings-model';
import { describe, expect, it } from 'vitest';
import { POPUP_HOSTS, popupHostsOf, recordWindowUrl } from './popup-hosts.ts';

describe('the popup hosts, from the host registry', () => {
  it('are the hosts with a record window of ours, each under its first platform value', () => {
    expect(Object.keys(POPUP_HOSTS)).toEqual(['ms-teams', 'zendesk', 'front-app', 'zoho-mail', 'google-meet', 'google-docs']);
    // Outlook records in Office's own dialog; the Chrome extension in its own popup.
    expect(POPUP_HOSTS).not.toHaveProperty('outlook');
    expect(POPUP_HOSTS['google-docs'].platform).toBe('google-docs');
    expect(recordWindowUrl('front-app', 'https://vocal.example/hosts/front-app/')).toBe('https://vocal.example/record/front');
  });

  it('takes in a host added to the registry', () => {
    const registry: HostAppRegistry = {
      ...HOST_APPS,
      'acme-desk': {
        name: 'Acme Desk',
        platforms: ['acme-desk'],
        frame: { frameAncestors: [], scriptSources: [] },
        recordWindow: { recordPaths: ['/record/acme'], title: 'Recording for Acme', lead: 'The link goes to Acme.', sendLabel: 'Add' },
        address: 'https',
      },
    };
    expect(popupHostsOf(registry)['acme-desk']).toEqual({
      platform: 'acme-desk',
      name: 'Acme Desk',
      recordPaths: ['/record/acme'],
      title: 'Recording for Acme',
      lead: 'The link goes to Acme.',
      sendLabel: 'Add',
    });
  });
});
