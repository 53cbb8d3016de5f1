/**
 * The part of the Meet add-ons SDK (`@googleworkspace/meet-addons` 1.x, `meet.addon`) this
 * add-on uses, typed here so the adapter and pages can be handed a fake (unit tests, and the
 * browser tests' harness build). meet-runtime.ts checks the real SDK against it.
 */

/** What the main stage opens for everyone who joins the activity (each URL under 512 characters). */
export type MeetActivityStartingState = { mainStageUrl?: string; sidePanelUrl?: string; additionalData?: string };

/** The side panel's client: the meeting it is in, and starting an activity on the main stage. */
export type MeetSidePanelClient = {
  getMeetingInfo(): Promise<{ meetingId: string; meetingCode: string }>;
  startActivity(state?: MeetActivityStartingState): Promise<void>;
  endActivity(): Promise<void>;
};

/** The main stage's client: creating it tells Meet the add-on has loaded. */
export type MeetMainStageClient = {
  getActivityStartingState(): Promise<MeetActivityStartingState>;
};

export type MeetAddonSession = {
  createSidePanelClient(): Promise<MeetSidePanelClient>;
  createMainStageClient(): Promise<MeetMainStageClient>;
};

/** `meet.addon`: a session is made once per frame, with the add-on's Google Cloud project number. */
export type MeetAddonSdk = {
  createAddonSession(options: { cloudProjectNumber: string }): Promise<MeetAddonSession>;
};

/** The SDK's errors carry an `errorType` (ActivityIsOngoing, UserCancelled…). */
export function meetErrorType(error: unknown): string | null {
  if (error && typeof error === 'object' && 'errorType' in error && typeof error.errorType === 'string') return error.errorType;
  return null;
}

export function meetErrorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message;
  return String(error);
}
