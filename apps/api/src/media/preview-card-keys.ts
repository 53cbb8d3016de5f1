import type { Storage } from '../storage/storage.ts';

/**
 * The stored link-preview cards of one message (cards/{id}-{version}.png; preview-card-service
 * keeps at most a few): found by listing, since no row names them.
 */
export async function previewCardKeys(storage: Storage, recordingId: string): Promise<string[]> {
  const prefix = `cards/${recordingId}-`;
  const listed = await storage.list({ after: prefix, limit: 20 });
  return listed.filter((object) => object.key.startsWith(prefix)).map((object) => object.key);
}
