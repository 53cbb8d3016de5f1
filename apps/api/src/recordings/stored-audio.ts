import type { Storage } from '../storage/storage.ts';

/** The whole of a stored object, or null when it is missing. */
export async function readObject(storage: Storage, key: string): Promise<Uint8Array | null> {
  const stream = await storage.read(key);
  if (!stream) return null;
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.isBuffer(part) ? part : Buffer.from(part as Uint8Array));
  return new Uint8Array(Buffer.concat(parts));
}
