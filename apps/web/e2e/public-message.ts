import { makeMp3, makePng } from '@vocal/test-fixtures';

export type Api = { baseUrl: string; token: string };

/** A message sent the way the recorder sends it (get-vocal, then upload-vocal); answers its id. */
export async function sendMessage(api: Api, subject: string): Promise<string> {
  const headers = { authorization: `Bearer ${api.token}` };
  const reserved = await fetch(`${api.baseUrl}/api/get-vocal`, { headers });
  if (!reserved.ok) throw new Error(`get-vocal: ${reserved.status} ${await reserved.text()}`);
  const { id } = (await reserved.json()) as { id: string };
  const form = new FormData();
  form.set('recording', new Blob([(await makeMp3(2)) as Uint8Array<ArrayBuffer>], { type: 'audio/mpeg' }), `${id}.mp3`);
  form.set('image', new Blob([makePng() as Uint8Array<ArrayBuffer>], { type: 'image/png' }), `${id}.png`);
  form.set('context', JSON.stringify({ id, peaks: [0.2, 0.6, 0.4, 0.8, 0.5, 0.3], duration: 2, subject }));
  const uploaded = await fetch(`${api.baseUrl}/api/upload-vocal?id=${id}`, { method: 'POST', headers, body: form });
  if (!uploaded.ok) throw new Error(`upload-vocal: ${uploaded.status} ${await uploaded.text()}`);
  return id;
}
