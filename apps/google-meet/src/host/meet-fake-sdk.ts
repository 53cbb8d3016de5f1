import type { MeetActivityStartingState, MeetAddonSdk, MeetMainStageClient, MeetSidePanelClient } from './meet-sdk.ts';

export type FakeMeetCall =
  | { name: 'createAddonSession'; cloudProjectNumber: string }
  | { name: 'createSidePanelClient' }
  | { name: 'createMainStageClient' }
  | { name: 'getMeetingInfo' }
  | { name: 'startActivity'; state: MeetActivityStartingState | undefined }
  | { name: 'endActivity' }
  | { name: 'getActivityStartingState' };

/** An error as the SDK throws one: a message, and its `errorType`. */
export function meetError(errorType: string, message = errorType): Error & { errorType: string } {
  return Object.assign(new Error(message), { errorType });
}

export type FakeMeetOptions = {
  /** startActivity throws these, one per call, first first; then it succeeds. */
  startFailures?: Error[];
  /** endActivity throws this (say UserNotInitiator). */
  endFailure?: Error;
  /** What the main stage's getActivityStartingState answers. */
  startingState?: MeetActivityStartingState;
};

/**
 * Meet's side of the add-ons SDK, for unit tests: every call is recorded; one activity at a
 * time, as Meet allows (a second start while one runs fails with ActivityIsOngoing, as Meet's).
 */
export function createFakeMeet(options: FakeMeetOptions = {}) {
  const calls: FakeMeetCall[] = [];
  const startFailures = [...(options.startFailures ?? [])];
  let activity: MeetActivityStartingState | null = null;

  const sidePanel: MeetSidePanelClient = {
    async getMeetingInfo() {
      calls.push({ name: 'getMeetingInfo' });
      return { meetingId: 'spaces/abc', meetingCode: 'abc-defg-hij' };
    },
    async startActivity(state) {
      calls.push({ name: 'startActivity', state });
      const failure = startFailures.shift();
      if (failure) throw failure;
      if (activity) throw meetError('ActivityIsOngoing', 'An activity is already ongoing');
      activity = state ?? {};
    },
    async endActivity() {
      calls.push({ name: 'endActivity' });
      if (options.endFailure) throw options.endFailure;
      if (!activity) throw meetError('NoActivityFound');
      activity = null;
    },
  };
  const mainStage: MeetMainStageClient = {
    async getActivityStartingState() {
      calls.push({ name: 'getActivityStartingState' });
      return options.startingState ?? activity ?? {};
    },
  };
  const sdk: MeetAddonSdk = {
    async createAddonSession({ cloudProjectNumber }) {
      calls.push({ name: 'createAddonSession', cloudProjectNumber });
      return {
        async createSidePanelClient() {
          calls.push({ name: 'createSidePanelClient' });
          return sidePanel;
        },
        async createMainStageClient() {
          calls.push({ name: 'createMainStageClient' });
          return mainStage;
        },
      };
    },
  };
  return { sdk, sidePanel, mainStage, calls, activity: () => activity };
}
