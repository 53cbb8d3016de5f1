import { z } from 'zod';

/**
 * Our messages between a host's panel and its popup travel in an envelope naming the
 * channel: the panel's window also hears its host SDK's traffic, which must pass by untouched.
 */
const CHANNEL = 'vocal-window';

const envelopeSchema = z.object({ channel: z.literal(CHANNEL), message: z.unknown() });

export const sealMessage = (message: unknown) => ({ channel: CHANNEL, message });

/** The message inside an envelope of ours, or undefined for anything else. */
export function openEnvelope(data: unknown): unknown {
  const envelope = envelopeSchema.safeParse(data);
  return envelope.success ? envelope.data.message : undefined;
}
