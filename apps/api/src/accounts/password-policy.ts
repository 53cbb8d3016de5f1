import { dictionary } from '@zxcvbn-ts/language-common';
import { newPasswordSchema } from '@vocal/settings-model';
import { badRequest } from '../http/http-error.ts';

export const COMMON_PASSWORD_MESSAGE = 'is one of the most common passwords; choose one that is harder to guess';

let commonPasswords: Set<string> | null = null;

/**
 * The most common passwords: zxcvbn-ts's list (about 49,000, gathered from breaches and
 * ranked by frequency; MIT), built into a set on first use. Compared case-insensitively,
 * since "Password1" is guessed as early as "password1".
 */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set((dictionary['passwords-common'] as string[]).map((entry) => entry.toLowerCase()));
  return commonPasswords.has(password.normalize('NFKC').toLowerCase());
}

/** The rules for a password being chosen; the shape of the message is the API's ("password: ..."). */
export const acceptablePasswordSchema = newPasswordSchema.refine((password) => !isCommonPassword(password), {
  error: COMMON_PASSWORD_MESSAGE,
});

/** Throws 400 "password: ..." when `password` may not be chosen. */
export function assertAcceptablePassword(password: string): void {
  const checked = acceptablePasswordSchema.safeParse(password);
  if (!checked.success) throw badRequest(`password: ${checked.error.issues[0]?.message ?? 'is not acceptable'}`);
}
