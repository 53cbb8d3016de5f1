import type { SaveState } from './use-personalisation-form.ts';

/**
 * The server refuses a save with one message naming each bad field by its path
 * ("listenPage.cta.link: must be an http or https URL; ..."). This splits it so each problem
 * shows on its own field; what matches no field of the form stays in `rest`, for the save bar.
 */
export function fieldErrors(message: string, prefix: string): { byField: Record<string, string>; rest: string | null } {
  const byField: Record<string, string> = {};
  const rest: string[] = [];
  for (const part of message.split('; ')) {
    const match = /^([\w.]+): (.+)$/.exec(part);
    const path = match?.[1];
    if (path && match[2] && path.startsWith(`${prefix}.`)) byField[path.slice(prefix.length + 1)] = match[2];
    else rest.push(part);
  }
  return { byField, rest: rest.length ? rest.join('; ') : null };
}

/**
 * The last save's problems by field, and the save bar's state with only what no field shows
 * (or a pointer to the fields), so a message is never said twice.
 */
export function savedOutcome(state: SaveState, prefix: string): { errors: Record<string, string>; saveState: SaveState } {
  if (state.status !== 'failed') return { errors: {}, saveState: state };
  const { byField, rest } = fieldErrors(state.message, prefix);
  return { errors: byField, saveState: { status: 'failed', message: rest ?? 'Not saved: see the field marked above.' } };
}
