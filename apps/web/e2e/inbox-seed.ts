/**
 * A realistic inbox made through the product's own calls: the owner's messages through
 * get-vocal and upload-vocal (as the recorder sends them), and other people's through the
 * visitor calls a listen page, the contact form and the collect page make. Shared by the
 * inbox's browser tests and its screenshots.
 */
import { encodeMp3, GO_FORWARD, goForwardPcm, makeMp3, makePng } from '@vocal/test-fixtures';

export type Api = { baseUrl: string; token: string };

/*
 * Rate limits are kept in the database. A fresh PGlite per run starts clean; a PostgreSQL
 * database (TEST_DATABASE_URL) outlives runs, so there each run takes addresses and sender
 * emails of its own.
 */
const persistent = Boolean(process.env.TEST_DATABASE_URL);
const runOctet = persistent ? 1 + Math.floor(Math.random() * 250) : 9;
const runTag = persistent ? `.${Date.now().toString(36)}` : '';
let addressCounter = 0;

async function json(response: Response) {
  const text = await response.text();
  const body = (text ? JSON.parse(text) : null) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${text}`);
  return body;
}

export async function call(api: Api, method: string, path: string, body?: unknown) {
  return json(
    await fetch(`${api.baseUrl}/api/${path}`, {
      method,
      headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
}

function uploadForm(id: string, recording: Uint8Array, context: Record<string, unknown>) {
  const form = new FormData();
  form.set('recording', new Blob([recording as Uint8Array<ArrayBuffer>], { type: 'audio/mpeg' }), `${id}.mp3`);
  form.set('image', new Blob([makePng()], { type: 'image/png' }), `${id}.png`);
  form.set('context', JSON.stringify({ id, peaks: [0.2, 0.5, 0.9, 0.6, 0.3, 0.7, 0.4], ...context }));
  return form;
}

let tone: Uint8Array | null = null;
const threeSeconds = async () => (tone ??= await makeMp3(3));

/** The owner sends a message; answers its id. */
export async function ownerMessage(api: Api, options: { subject?: string; recording?: Uint8Array; duration?: number } = {}) {
  const reserved = await call(api, 'GET', 'get-vocal');
  const id = reserved.id as string;
  const form = uploadForm(id, options.recording ?? (await threeSeconds()), { duration: options.duration ?? 3 });
  await json(
    await fetch(`${api.baseUrl}/api/upload-vocal?id=${id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${api.token}` },
      body: form,
    }),
  );
  if (options.subject) await call(api, 'POST', `edit/${id}`, { subject: options.subject });
  return id;
}

/** A visitor's voice message to `target` (reply:<id>, form:<code>, collect:<code>), with no account. */
export async function visitorMessage(baseUrl: string, target: string, context: Record<string, unknown>) {
  // Each visitor from an address of their own, where the server trusts the forwarded one.
  const headers = { 'x-forwarded-for': `10.${runOctet}.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}` };
  const reserved = await json(await fetch(`${baseUrl}/api/get-vocal-free?target=${encodeURIComponent(target)}`, { headers }));
  const id = reserved.id as string;
  const form = uploadForm(id, await threeSeconds(), { duration: 3, ...context });
  await json(await fetch(`${baseUrl}/api/upload-vocal?id=${id}`, { method: 'POST', headers, body: form }));
  return id;
}

export async function writtenMessage(baseUrl: string, code: string, message: { email: string; name?: string; message: string }) {
  const body = await json(
    await fetch(`${baseUrl}/api/contact-form/${code}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(message),
    }),
  );
  return body.id as string;
}

export async function shareCode(api: Api) {
  return (await call(api, 'GET', 'account')).inviteCode as string;
}

/** Human speech the local engine recognises ("go forward ten meters"), as the recorder would upload it. */
export async function spokenMp3() {
  return encodeMp3(await goForwardPcm(), GO_FORWARD.sampleRate);
}

export type SeededInbox = {
  /** The contact-form senders' addresses: new ones per inbox, as the server limits messages per address. */
  contactEmail: string;
  writtenEmail: string;
  sent: string;
  older: string;
  reply: string;
  contactVoice: string;
  written: string;
  collected: string;
};

/** One of everything: two sent messages, a reply to one, a contact-form voice and written message, a collection message. */
let inboxCounter = 0;

export async function seedInbox(api: Api): Promise<SeededInbox> {
  const code = await shareCode(api);
  const suffix = ++inboxCounter === 1 ? '' : String(inboxCounter);
  const contactEmail = `carol${suffix}${runTag}@example.com`;
  const writtenEmail = `dan${suffix}${runTag}@example.com`;
  const older = await ownerMessage(api, { subject: 'Welcome to the team' });
  const collected = await visitorMessage(api.baseUrl, `collect:${code}`, { name: 'Eve Santos' });
  const sent = await ownerMessage(api, { subject: 'Quarterly update' });
  const contactVoice = await visitorMessage(api.baseUrl, `form:${code}`, {
    platform: 'contact-form',
    email: contactEmail,
    name: 'Carol Jones',
    subject: 'Question about pricing',
  });
  const written = await writtenMessage(api.baseUrl, code, {
    email: writtenEmail,
    name: 'Dan Okafor',
    message: 'Could you call me back about the quote? Thanks!',
  });
  const reply = await visitorMessage(api.baseUrl, `reply:${sent}`, { name: 'Bea Weber' });
  return { contactEmail, writtenEmail, sent, older, reply, contactVoice, written, collected };
}
