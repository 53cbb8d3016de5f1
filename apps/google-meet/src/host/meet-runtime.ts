import { meet } from '@googleworkspace/meet-addons/meet.addons';
import type { MeetAddonSdk, MeetMainStageClient, MeetSidePanelClient } from './meet-sdk.ts';
import { meetErrorText } from './meet-sdk.ts';

/** Set by `vite build --mode harness` only (vite.config.ts); false in every other build. */
declare const __MEET_HARNESS__: boolean;

/**
 * Where the browser tests' harness puts its stand-in for `meet.addon` (e2e/fake-meet-sdk.js).
 * Read only in the harness build: Meet's real SDK speaks a closed protocol to Meet's page,
 * which no test can play, so the tests swap the SDK itself, as HOSTS.md says for Meet.
 */
export const HARNESS_SDK_GLOBAL = '__vocalMeetAddonHarness';

/** How long Meet may take to open a session before the page says it is not answering. */
const SESSION_TIMEOUT_MS = 20_000;

/** The real SDK, checked against the surface the app uses: a new SDK that drops a call fails typecheck here. */
const realSdk: MeetAddonSdk = meet.addon;

function addonSdk(): MeetAddonSdk {
  if (__MEET_HARNESS__) {
    const standIn = (window as unknown as Record<string, MeetAddonSdk | undefined>)[HARNESS_SDK_GLOBAL];
    if (standIn) return standIn;
  }
  return realSdk;
}

export class MeetUnavailableError extends Error {
  override name = 'MeetUnavailableError';
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new MeetUnavailableError('Meet did not answer. Close Vocal and open it again from Activities.')),
      timeoutMs,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new MeetUnavailableError(`Meet refused to start Vocal: ${meetErrorText(error)}`));
      },
    );
  });
}

/**
 * The side panel's connection to Meet. Meet shows its own loading screen until the session
 * exists, so the page opens it only once it can show something. Outside a frame there is no
 * Meet to talk to: null.
 */
export async function connectSidePanel(cloudProjectNumber: string, timeoutMs = SESSION_TIMEOUT_MS): Promise<MeetSidePanelClient | null> {
  if (window.parent === window) return null;
  return withTimeout(
    addonSdk()
      .createAddonSession({ cloudProjectNumber })
      .then((session) => session.createSidePanelClient()),
    timeoutMs,
  );
}

/** The main stage's connection to Meet, as above; null when the page was opened on its own. */
export async function connectMainStage(cloudProjectNumber: string, timeoutMs = SESSION_TIMEOUT_MS): Promise<MeetMainStageClient | null> {
  if (window.parent === window) return null;
  return withTimeout(
    addonSdk()
      .createAddonSession({ cloudProjectNumber })
      .then((session) => session.createMainStageClient()),
    timeoutMs,
  );
}
