import { Hono } from 'hono';
import { createFolderSchema, deleteFolderSchema, moveRecordingSchema, renameFolderSchema } from '@vocal/settings-model';
import type { AppEnv } from '../http/app-env.ts';
import { readJson } from '../http/read-input.ts';
import { requireUser } from '../http/require-user.ts';
import type { AccountService } from '../accounts/account-service.ts';
import type { FolderService } from './folder-service.ts';
import type { TokenService } from '../accounts/token-service.ts';

export function folderRoutes(services: { accounts: AccountService; tokens: TokenService; folders: FolderService }) {
  const { folders } = services;
  const signedIn = requireUser(services);

  return new Hono<AppEnv>()
    .get('/recordings', signedIn, async (context) => context.json(await folders.list(context.get('user').id)))
    .post('/recordings', signedIn, async (context) => {
      const move = await readJson(context, moveRecordingSchema);
      return context.json(await folders.move(context.get('user'), move.audio_uuid, move.folder_id));
    })
    .post('/folder', signedIn, async (context) => {
      const { name } = await readJson(context, createFolderSchema);
      return context.json(await folders.create(context.get('user'), name), 201);
    })
    .put('/folder', signedIn, async (context) => {
      const { uuid, name } = await readJson(context, renameFolderSchema);
      return context.json(await folders.rename(context.get('user'), uuid, name));
    })
    .delete('/folder', signedIn, async (context) => {
      const { uuid } = await readJson(context, deleteFolderSchema);
      return context.json(await folders.remove(context.get('user'), uuid));
    });
}
