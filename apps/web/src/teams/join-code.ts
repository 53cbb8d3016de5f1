import { teamInviteCodeSchema } from '@vocal/settings-model';

/** The code in what was typed on /join: the code itself, or a whole /join link pasted from the mail. */
export function codeFrom(typed: string): string | null {
  const candidate = typed
    .trim()
    .replace(/^.*\/join\//, '')
    .replace(/[?#/].*$/, '');
  return teamInviteCodeSchema.safeParse(candidate).success ? candidate : null;
}
