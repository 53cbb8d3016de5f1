import { randomUUID } from 'node:crypto';
import { makePng } from '@vocal/test-fixtures';
import type { Resources } from './route-catalogue.ts';
import type { TestServer } from './test-server.ts';
import { threeSecondMp3 } from './upload-form.ts';
import { ownerMessage, visitorRecording } from './visitor-helpers.ts';

export type UserWithData = Resources & { id: number; access: string; refresh: string; folderName: string; contactMessage: string };

function expectStatus(reply: { status: number; body: unknown }, status: number, what: string) {
  if (reply.status !== status) throw new Error(`${what}: ${reply.status} ${JSON.stringify(reply.body)}`);
}

/**
 * A Pro user who owns one of everything: an uploaded message in a folder, a voice reply to it,
 * a comment under it, a picture, a personal API token, a webhook and a written contact-form message.
 */
export async function signUpWithData(server: TestServer): Promise<UserWithData> {
  const user = await server.signUp();
  await server.running.services.admin.setPlan({ email: user.email, plan: 'pro' });
  const token = user.access;
  const recordingId = await ownerMessage(server, token, { subject: 'A message of my own' });

  const folderName = `Folder ${randomUUID()}`;
  const folder = await server.call('POST', '/api/folder', { token, json: { name: folderName } });
  expectStatus(folder, 201, 'folder');
  const folderId = folder.body.uuid as string;
  expectStatus(
    await server.call('POST', '/api/recordings', { token, json: { audio_uuid: recordingId, folder_id: folderId } }),
    200,
    'move',
  );

  const replyId = await visitorRecording(server, `reply:${recordingId}`);
  const comment = await server.call('POST', `/api/comments/${recordingId}`, { json: { text: 'A first comment' } });
  expectStatus(comment, 201, 'comment');

  const form = new FormData();
  form.set('img', new Blob([makePng(32, 32)], { type: 'image/png' }), 'avatar.png');
  form.set('kind', 'avatar');
  const image = await server.call('POST', '/api/image', { token, form });
  expectStatus(image, 200, 'image');
  const imageKey = String(image.body.url).replace(/^.*\/files\//, '');

  const apiToken = await server.call('POST', '/api/tokens', { token, json: { name: 'A script of mine', scope: 'write' } });
  expectStatus(apiToken, 201, 'API token');
  // A public address by its number (no DNS here), for an event these servers never have (no transcriber).
  const webhook = await server.call('POST', '/api/webhooks', {
    token,
    json: { url: 'https://203.0.113.10/hook', events: ['transcript.completed'] },
  });
  expectStatus(webhook, 201, 'webhook');

  const account = await server.call('GET', '/api/account', { token });
  const inviteCode = account.body.inviteCode as string;
  const contactMessage = `A private message ${randomUUID()}`;
  expectStatus(
    await server.call('POST', `/api/contact-form/${inviteCode}/messages`, {
      json: { email: `sender-${randomUUID()}@example.org`, message: contactMessage },
    }),
    201,
    'contact message',
  );

  // A recording being sent while it is recorded: reserved, with its first bytes received (src/uploads/).
  const uploadingId = (await server.call('GET', '/api/get-vocal', { token })).body.id as string;
  const tus = { 'tus-resumable': '1.0.0', authorization: `Bearer ${token}` };
  const begun = await fetch(`${server.url}/api/uploads`, {
    method: 'POST',
    headers: { ...tus, 'upload-defer-length': '1', 'upload-metadata': `recordingId ${Buffer.from(uploadingId).toString('base64')}` },
  });
  expectStatus({ status: begun.status, body: await begun.text() }, 201, 'progressive upload');
  const firstBytes = await fetch(`${server.url}/api/uploads/${uploadingId}`, {
    method: 'PATCH',
    headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: (await threeSecondMp3()).subarray(0, 4096),
  });
  expectStatus({ status: firstBytes.status, body: await firstBytes.text() }, 204, 'progressive upload bytes');

  return {
    ...user,
    recordingId,
    uploadingId,
    replyId,
    folderId,
    folderName,
    commentId: comment.body.id as string,
    apiTokenId: apiToken.body.id as string,
    webhookId: webhook.body.id as string,
    imageKey,
    inviteCode,
    contactMessage,
  };
}

/**
 * Everything the user can see of their own data, as they see it: account, messages, folders,
 * settings, replies, comments, transcript state and their files. Two equal views mean nothing of
 * theirs changed in between.
 */
export async function ownView(server: TestServer, user: UserWithData) {
  const token = user.access;
  const read = async (path: string) => {
    const reply = await server.call('GET', path, { token });
    return { status: reply.status, body: reply.body };
  };
  const file = async (key: string) => {
    const response = await fetch(`${server.url}/files/${key}`, { method: 'HEAD' });
    return { status: response.status, etag: response.headers.get('etag') };
  };
  return {
    account: await read('/api/account'),
    audio: await read('/api/audio'),
    folders: await read('/api/recordings'),
    // The inbox shows what /api/audio does not: which messages were read, and the unread counts.
    inbox: await read('/api/inbox?limit=100'),
    inboxSummary: await read('/api/inbox/summary'),
    personalisation: await read('/api/personalisation'),
    apiTokens: await read('/api/tokens'),
    webhooks: await read('/api/webhooks'),
    replies: await read(`/api/replies/${user.recordingId}`),
    comments: await read(`/api/comments/${user.recordingId}`),
    transcription: await read(`/api/transcription/${user.recordingId}`),
    audioFile: await file(`${user.recordingId}.mp3`),
    imageFile: await file(`${user.recordingId}.png`),
    picture: await file(user.imageKey),
  };
}
