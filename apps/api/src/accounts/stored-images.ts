import { isSafeKey, type Storage } from '../storage/storage.ts';

/**
 * The storage key of a picture stored through POST /image, read back from its public URL;
 * null for any other URL. Avatars and logos are only ever our own pictures: a URL elsewhere
 * would make every listen page, mail and link-preview card fetch from a host we do not know.
 */
export function storedImageKey(storage: Storage, url: string): string | null {
  const imagesBase = storage.publicUrl('images/x.png').slice(0, -'x.png'.length);
  if (!url.startsWith(imagesBase)) return null;
  const key = `images/${url.slice(imagesBase.length)}`;
  return isSafeKey(key) ? key : null;
}
