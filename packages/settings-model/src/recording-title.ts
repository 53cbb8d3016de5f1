import { z } from 'zod';

/**
 * The longest title (subject) a message may have: the server refuses longer ones and the
 * review step counts against it as the person types, so a title is never cut silently.
 */
export const RECORDING_TITLE_MAX_LENGTH = 200;

/** A message's title as the server takes it: trimmed, at most RECORDING_TITLE_MAX_LENGTH characters. */
export const recordingTitleSchema = z
  .string()
  .trim()
  .max(RECORDING_TITLE_MAX_LENGTH, { error: `must be at most ${RECORDING_TITLE_MAX_LENGTH} characters` });
