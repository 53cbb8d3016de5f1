/**
 * The words of the review step that depend on data: the date title shown for a message
 * without a subject (contract "Titles"), and the notice for a take cut at the plan's limit.
 */

import { messageTitle } from '../format/message-title.ts';

/** "Voice message · 23 Nov, 14:05": what a message without a title is called everywhere. */
export function dateTitle(date: Date): string {
  return messageTitle({ subject: null, uploadDate: date }, date);
}

/** "1-minute", "90-second", "5-minute": a limit's length as an adjective. */
export function limitLength(seconds: number): string {
  if (seconds >= 60 && seconds % 60 === 0) return `${seconds / 60}-minute`;
  return `${seconds}-second`;
}

/** "Stopped at the 1-minute limit of Free." (the plan's name when the person has one). */
export function limitNotice(seconds: number, planName: string | undefined): string {
  return `Stopped at the ${limitLength(seconds)} limit${planName ? ` of ${planName}` : ''}.`;
}
