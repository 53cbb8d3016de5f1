import type { ApiResult } from '@vocal/api-client';
import type { Recording, UploadContext, UploadResponse } from '@vocal/settings-model';
import type { RecorderApi } from '../upload-recording.ts';

type Answer<T> = ApiResult<T> | (() => ApiResult<T> | Promise<ApiResult<T>>);

export const failure = (status: number, msg = `status ${status}`) => ({ ok: false as const, status, error: { msg } });

/**
 * A stand-in for the two api-client calls the recorder makes. Answers are queued per call; with
 * none queued it behaves like the real server: fresh ids, and an idempotent upload per id.
 */
export function createStubApi() {
  const reserveAnswers: Answer<{ id: string }>[] = [];
  const uploadAnswers: Answer<UploadResponse>[] = [];
  const reservedIds: string[] = [];
  /** What each get-vocal asked for, answered or not. */
  const reservations: { platform: string | undefined; conversation: string | undefined }[] = [];
  const uploads: UploadContext[] = [];
  /** Which files each upload-vocal carried. */
  const parts: { recording: boolean; image: boolean }[] = [];
  const deleted: string[] = [];
  const edits: { id: string; subject: string | null | undefined; expiryDate?: string | null }[] = [];
  const shared = new Map<string, UploadResponse>();
  let counter = 0;

  const take = async <T>(queue: Answer<T>[], fallback: () => ApiResult<T>) => {
    const next = queue.shift();
    if (!next) return fallback();
    return typeof next === 'function' ? next() : next;
  };

  const api: RecorderApi = {
    getVocal: async (platform, conversation) => {
      reservations.push({ platform, conversation });
      return take(reserveAnswers, () => {
        counter++;
        const id = `reserved-${counter}`;
        reservedIds.push(id);
        return { ok: true, status: 200, data: { id } };
      });
    },
    uploadVocal: async (input) => {
      uploads.push(input.context);
      parts.push({ recording: input.recording !== null, image: input.image !== null });
      return take(uploadAnswers, () => {
        const id = input.context.id;
        const existing = shared.get(id) ?? { id, url: `http://localhost/listen/${id}` };
        shared.set(id, existing);
        return { ok: true, status: 200, data: existing };
      });
    },
    deleteRecording: async (id: string) => {
      deleted.push(id);
      shared.delete(id);
      return { ok: true, status: 200, data: { ok: true } };
    },
    editRecording: async (id, edit) => {
      edits.push({ id, subject: edit.subject, ...(edit.expiryDate !== undefined ? { expiryDate: edit.expiryDate } : {}) });
      return {
        ok: true,
        status: 200,
        // Only the call matters to the recorder's callers; the stub's ids are not real recording ids.
        data: { id, subject: edit.subject ?? null } as unknown as Recording,
      };
    },
  };

  return {
    api,
    reserveAnswers,
    uploadAnswers,
    reservedIds,
    reservations,
    uploads,
    parts,
    deleted,
    /** Renames through POST edit/{id}, in order. */
    edits,
    /** Distinct messages the server holds. */
    messages: () => [...shared.values()],
  };
}
