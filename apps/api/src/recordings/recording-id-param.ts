import type { Context } from 'hono';
import { recordingIdParamsSchema } from '@vocal/settings-model';
import { readParams } from '../http/read-input.ts';
import { PUBLIC_NOT_FOUND } from './public-pages.ts';

/** What the services answer for an unknown recording of an owner's, so a malformed id says the same. */
const RECORDING_NOT_FOUND = 'Recording not found';

/** The recording id in the path of a route on the caller's own recordings; a malformed one is 404 as an unknown one is. */
export const ownRecordingIdOf = (context: Context): string => readParams(context, recordingIdParamsSchema, RECORDING_NOT_FOUND).id;

/** The recording id in a public route's path; a malformed one is 404 word for word as an unknown or deleted message. */
export const publicRecordingIdOf = (context: Context): string => readParams(context, recordingIdParamsSchema, PUBLIC_NOT_FOUND).id;
