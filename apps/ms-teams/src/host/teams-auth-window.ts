import type { WindowToOpenerMessage } from '@vocal/host-shell';
import { TEAMS_CANCELLED, type TeamsAuthWindowSdk } from './teams-sdk.ts';

/**
 * The sign-in window's side of authenticate(): the shared sign-in window's messages go to the
 * tab through Teams, the only way out of a window Teams opened. The signed-in message travels
 * as the JSON string notifySuccess takes (the tab parses it back with zod); Cancel answers
 * what Teams answers when the window is closed.
 */
export function createTeamsAuthWindow(sdk: TeamsAuthWindowSdk) {
  return {
    send(message: WindowToOpenerMessage) {
      if (message.type === 'signed-in') sdk.notifySuccess(JSON.stringify(message));
      else if (message.type === 'cancelled') sdk.notifyFailure(TEAMS_CANCELLED);
    },
  };
}
