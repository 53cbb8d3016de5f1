/**
 * When a message the owner sent stops being available (issue 27, item 8): never, after a number
 * of days, or at the end of a day they pick. The server deletes its audio then (`expiryDate`,
 * POST edit/{id}); its link answers "This voice message has expired".
 */
export type ExpiryChoice = 'never' | '1' | '7' | '30' | 'date';

/** Every choice, as the inbox's expiry dialog offers them. */
export const EXPIRY_CHOICES: { value: ExpiryChoice; label: string }[] = [
  { value: 'never', label: 'Never' },
  { value: '1', label: 'In 1 day' },
  { value: '7', label: 'In 7 days' },
  { value: '30', label: 'In 30 days' },
  { value: 'date', label: 'On a date' },
];

/** The choices the review step offers before the link is handed out: a day is picked later, in the inbox. */
export const REVIEW_EXPIRY_CHOICES = EXPIRY_CHOICES.filter((choice) => choice.value !== 'date');

const DAY_MS = 24 * 60 * 60 * 1000;

/** A date input's value (yyyy-mm-dd) for a moment, in the person's own time zone. */
export function dateInputValue(moment: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`;
}

/**
 * The expiry date to save for a choice: null for never; `days` from now; or the last second of
 * the picked day where the person is. An empty or past day is refused with what to do instead.
 */
export function expiryFor(choice: ExpiryChoice, pickedDay: string, now: Date): { ok: true; expiryDate: string | null } | { ok: false; msg: string } {
  if (choice === 'never') return { ok: true, expiryDate: null };
  if (choice !== 'date') return { ok: true, expiryDate: new Date(now.getTime() + Number(choice) * DAY_MS).toISOString() };
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(pickedDay);
  if (!match) return { ok: false, msg: 'Choose the day it should stop being available.' };
  const endOfDay = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59);
  if (Number.isNaN(endOfDay.getTime()) || endOfDay.getTime() <= now.getTime()) {
    return { ok: false, msg: 'Choose today or a later day.' };
  }
  return { ok: true, expiryDate: endOfDay.toISOString() };
}

/** What the inbox's dialog shows first for a message's current expiry: its day, or never. */
export function currentChoice(expiryDate: string | null): { choice: ExpiryChoice; day: string } {
  return expiryDate ? { choice: 'date', day: dateInputValue(new Date(expiryDate)) } : { choice: 'never', day: '' };
}
