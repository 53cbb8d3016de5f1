import { app, authentication, pages, sharing } from '@microsoft/teams-js';
import type { TeamsAuthWindowSdk, TeamsConfigSdk, TeamsContext, TeamsTabSdk } from './teams-sdk.ts';

export class TeamsUnavailableError extends Error {
  override name = 'TeamsUnavailableError';
}

/**
 * Connects to the Teams client around this page: false when the page was opened on its own
 * (no frame parent and no opener: nothing to talk to). teams-js answers only parents on
 * Microsoft's own origins; no other origin is added here, in any build, so the browser tests
 * play Teams on Teams' origin (see e2e/teams-harness.ts).
 */
export async function connectToTeams(): Promise<boolean> {
  if (window.parent === window && !window.opener) return false;
  try {
    await app.initialize();
  } catch (error) {
    throw new TeamsUnavailableError(
      `Teams did not answer. Open Vocal again from Teams. (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  return true;
}

/** Teams' theme changes ('default', 'dark', 'contrast'), as the person switches it. */
export function onTeamsThemeChange(handler: (theme: string) => void) {
  app.registerOnThemeChangeHandler(handler);
}

/** What Teams says about where this page runs. */
export async function getTeamsContext(): Promise<TeamsContext> {
  const context = await app.getContext();
  const loginHint = context.user?.loginHint ?? context.user?.userPrincipalName;
  return {
    frameContext: context.page.frameContext,
    locale: context.app.locale,
    theme: context.app.theme,
    clientType: context.app.host.clientType,
    ...(loginHint ? { loginHint } : {}),
    ...(context.channel?.displayName ? { channelName: context.channel.displayName } : {}),
    ...(context.chat?.id ? { chatId: context.chat.id } : {}),
    ...(context.channel?.id ? { channelId: context.channel.id } : {}),
  };
}

/** The one place the real teams-js is bound to the functions the rest of the app takes. */
export const teamsTabSdk: TeamsTabSdk = {
  getContext: getTeamsContext,
  shareSupported: () => sharing.isSupported(),
  shareWebContent: (request) => sharing.shareWebContent(request),
  authenticate: (parameters) => authentication.authenticate(parameters),
  getAuthToken: () => authentication.getAuthToken(),
  openLink: (url) => app.openLink(url),
};

export const teamsConfigSdk: TeamsConfigSdk = {
  getContext: getTeamsContext,
  setValidityState: (valid) => pages.config.setValidityState(valid),
  registerOnSaveHandler: (handler) => pages.config.registerOnSaveHandler(handler),
  setConfig: (config) => pages.config.setConfig(config),
};

export const teamsAuthWindowSdk: TeamsAuthWindowSdk = {
  getContext: getTeamsContext,
  notifySuccess: (result) => authentication.notifySuccess(result),
  notifyFailure: (reason) => authentication.notifyFailure(reason),
};
