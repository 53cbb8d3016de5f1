import { HttpError } from '../http/http-error.ts';

/**
 * A message's public page, or null while its recording is still streaming in (decision 0070).
 *
 * "No page" and "not arriving" are two reads, and a message can be completed between them: the
 * first read finds the row still uploading, the completion then commits and removes the streamed
 * bytes, and the second finds nothing arriving. A listener who had the waiting page then got a
 * 404 and the "deleted or doesn't exist" page for a message that had just arrived (seen in
 * record-share-listen on a loaded machine). So a page that was missing and is not arriving is
 * read once more: a completed message is found; one that does not exist is still missing.
 */
export async function unlessArriving<Page>(read: () => Promise<Page>, arriving: () => Promise<boolean>): Promise<Page | null> {
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 404) throw error;
    if (await arriving()) return null;
    return read();
  }
}
