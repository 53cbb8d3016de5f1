import { publicListenPayloadSchema, type PublicListenPayload } from '@vocal/settings-model';

/** Loaded on demand (it brings zod): only a page waiting for its transcript needs it. */
export function parseListenPayload(body: unknown): PublicListenPayload | null {
  const parsed = publicListenPayloadSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}
