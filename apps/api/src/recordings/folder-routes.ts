import { Hono } from 'hono';
import { createFolderSchema, deleteFolderSchema, moveRecordingSchema, renameFolderSchema } from '@vocal/settings-model';
import type { AppEnv } from '../http/app-env.ts';
import { readJson } from '../http/read-input.ts';
import { requireUser } from '../http/require-user.ts';
import type { AccountService } from '../accounts/account-service.ts';
import type { FolderService } from './folder-service.ts';
import type { TokenService } from '../accounts/token-service.ts';
import { described } from '../openapi/described.ts';
import { TAGS } from '../openapi/route-description.ts';

export function folderRoutes(services: { accounts: AccountService; tokens: TokenService; folders: FolderService }) {
  const { folders } = services;
  const signedIn = requireUser(services);

  return new Hono<AppEnv>()
    .get(
      '/recordings',
      described({
        tag: TAGS.folders,
        summary: 'My folders with their recordings (the first, uuid null, holds what is in no folder)',
        access: 'self',
        answers: { 200: { description: 'The folders', json: 'Folders' } },
      }),
      signedIn,
      async (context) => context.json(await folders.list(context.get('user').id)),
    )
    .post(
      '/recordings',
      described({
        tag: TAGS.folders,
        summary: 'Move a recording into a folder, or out of any (folder_id null)',
        access: 'owner',
        body: { json: 'MoveRecording' },
        answers: { 200: { description: 'Moved', json: 'Ok' } },
        refusals: { 404: 'The recording or folder is not found, or not yours' },
      }),
      signedIn,
      async (context) => {
        const move = await readJson(context, moveRecordingSchema);
        return context.json(await folders.move(context.get('user'), move.audio_uuid, move.folder_id));
      },
    )
    .post(
      '/folder',
      described({
        tag: TAGS.folders,
        summary: 'Create a folder',
        access: 'self',
        body: { json: 'CreateFolder' },
        answers: { 201: { description: 'Created', json: 'FolderCreated' } },
      }),
      signedIn,
      async (context) => {
        const { name } = await readJson(context, createFolderSchema);
        return context.json(await folders.create(context.get('user'), name), 201);
      },
    )
    .put(
      '/folder',
      described({
        tag: TAGS.folders,
        summary: 'Rename a folder',
        access: 'owner',
        body: { json: 'RenameFolder' },
        answers: { 200: { description: 'Renamed', json: 'FolderCreated' } },
        refusals: { 404: 'Not found, or not yours (one answer)' },
      }),
      signedIn,
      async (context) => {
        const { uuid, name } = await readJson(context, renameFolderSchema);
        return context.json(await folders.rename(context.get('user'), uuid, name));
      },
    )
    .delete(
      '/folder',
      described({
        tag: TAGS.folders,
        summary: 'Delete a folder (its recordings move out of it)',
        access: 'owner',
        body: { json: 'DeleteFolder' },
        answers: { 200: { description: 'Deleted', json: 'Ok' } },
        refusals: { 404: 'Not found, or not yours (one answer)' },
      }),
      signedIn,
      async (context) => {
        const { uuid } = await readJson(context, deleteFolderSchema);
        return context.json(await folders.remove(context.get('user'), uuid));
      },
    );
}
