/**
 * The host SDKs and the folder each one may be used from. DESIGN.md: a host's SDK
 * appears only under apps/<host>/src/host/. Shared by the lint rule and the boundary test.
 */
export const hostSdks = [
  { app: 'outlook', modules: ['@microsoft/office-js', '@types/office-js'], globals: ['Office'] },
  { app: 'ms-teams', modules: ['@microsoft/teams-js'], globals: ['microsoftTeams'] },
  { app: 'zendesk', modules: ['@zendeskgarden/*', 'zendesk_app_framework_sdk'], globals: ['ZAFClient'] },
  { app: 'zoho-mail', modules: ['zoho-extension-toolkit'], globals: ['SigmaSDK'] },
  { app: 'front-app', modules: ['@frontapp/plugin-sdk'], globals: ['Front'] },
  { app: 'google-meet', modules: ['@googleworkspace/meet-addons', '@googleworkspace/meet-addons/*'], globals: [] },
  { app: 'google-docs', modules: ['@types/google-apps-script'], globals: ['DocumentApp', 'google'] },
  { app: 'chrome-extension', modules: ['@types/chrome'], globals: ['chrome'] },
];

/** Zendesk Garden is a UI kit rather than an SDK, but it too belongs to apps/zendesk alone. */
export const gardenFolder = 'apps/zendesk/';
