import type { TeamsConfigSdk, TeamsContext, TeamsSaveEvent, TeamsTabConfig, TeamsTabSdk, TeamsUrlContent } from './teams-sdk.ts';

export type FakeTeamsOptions = {
  context?: TeamsContext;
  /** sharing.isSupported() answers false (a client without Share to Teams). */
  noSharing?: boolean;
  /** shareWebContent rejects with this SDK error. */
  shareError?: { errorCode: number; message?: string };
  /** What the sign-in window passes to notifySuccess, or the reason authenticate fails with. */
  authenticate?: { result: string } | { failure: string };
  authToken?: { token: string } | { failure: string };
};

/** A Teams tab's SDK that records every call, for the adapter's and the pages' tests. */
export function createFakeTeams(options: FakeTeamsOptions = {}) {
  const calls = {
    shared: [] as { content: TeamsUrlContent[] }[],
    authenticated: [] as { url: string; width?: number; height?: number }[],
    authTokens: 0,
    openedLinks: [] as string[],
  };
  const sdk: TeamsTabSdk = {
    getContext: async () => options.context ?? { frameContext: 'content', loginHint: 'ada@example.com', locale: 'en-GB', theme: 'default' },
    shareSupported: () => !options.noSharing,
    async shareWebContent(request) {
      calls.shared.push(request);
      if (options.shareError) throw options.shareError;
    },
    async authenticate(parameters) {
      calls.authenticated.push(parameters);
      const outcome = options.authenticate ?? { failure: 'CancelledByUser' };
      if ('failure' in outcome) throw new Error(outcome.failure);
      return outcome.result;
    },
    async getAuthToken() {
      calls.authTokens++;
      const outcome = options.authToken ?? { failure: 'resourceRequiresConsent' };
      if ('failure' in outcome) throw new Error(outcome.failure);
      return outcome.token;
    },
    async openLink(url) {
      calls.openedLinks.push(url);
    },
  };
  return { sdk, calls };
}

/** A configuration page's SDK: the test plays Teams' Save button with `save()`. */
export function createFakeTeamsConfig(options: { context?: TeamsContext; setConfigError?: Error } = {}) {
  const state = { valid: false, configs: [] as TeamsTabConfig[], outcome: null as null | 'success' | { failure?: string } };
  let onSave: ((event: TeamsSaveEvent) => void) | null = null;
  const sdk: TeamsConfigSdk = {
    getContext: async () => options.context ?? { frameContext: 'settings', channelName: 'General', locale: 'en-GB' },
    setValidityState: (valid) => void (state.valid = valid),
    registerOnSaveHandler: (handler) => void (onSave = handler),
    async setConfig(config) {
      if (options.setConfigError) throw options.setConfigError;
      state.configs.push(config);
    },
  };
  /** What Teams does when the person chooses Save: the handler must answer success or failure once. */
  function save(): Promise<'success' | { failure?: string }> {
    return new Promise((resolve, reject) => {
      if (!onSave) return reject(new Error('No save handler registered'));
      const answer = (outcome: 'success' | { failure?: string }) => {
        if (state.outcome) throw new Error('The save event was answered twice');
        state.outcome = outcome;
        resolve(outcome);
      };
      onSave({ notifySuccess: () => answer('success'), notifyFailure: (reason) => answer({ failure: reason }) });
    });
  }
  return { sdk, state, save, hasSaveHandler: () => onSave !== null };
}
