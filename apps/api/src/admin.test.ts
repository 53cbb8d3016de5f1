import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startApiProcess } from '@vocal/e2e';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const appFolder = new URL('..', import.meta.url).pathname;

/** Runs `pnpm admin ...` as a self-hoster would, against a data folder. */
async function admin(dataDir: string, ...args: string[]) {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/admin.ts', ...args], {
      cwd: appFolder,
      env: { ...process.env, DATA_DIR: dataDir, SCRYPT_COST: '1024', DATABASE_URL: '' },
    });
    return { code: 0, stdout, stderr: '' };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('the admin command', () => {
  it('creates users, sets plans and lists them, with the server stopped and running', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'vocal-admin-'));

    // Server stopped: the command opens the embedded database itself.
    const created = await admin(dataDir, 'users', 'create', '--email', 'Ada@Example.com', '--password', 'a long secret', '--name', 'Ada');
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ email: 'ada@example.com', name: 'Ada', plan: 0 });

    const duplicate = await admin(dataDir, 'users', 'create', '--email', 'ada@example.com', '--password', 'a long secret');
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toMatch(/already exists/);

    const badPlan = await admin(dataDir, 'users', 'set-plan', '--email', 'ada@example.com', '--plan', 'gold');
    expect(badPlan.code).toBe(1);
    expect(badPlan.stderr).toMatch(/plan must be free, pro or a plan number/);

    // Server running on the same folder: the command goes through it.
    const server = await startApiProcess({ dataDir });
    try {
      const promoted = await admin(dataDir, 'users', 'set-plan', '--email', 'ada@example.com', '--plan', 'pro');
      expect(promoted.code).toBe(0);
      expect(JSON.parse(promoted.stdout)).toMatchObject({ email: 'ada@example.com', plan: 1 });

      const signIn = await fetch(`${server.url}/api/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ada@example.com', password: 'a long secret' }),
      });
      const tokens = (await signIn.json()) as { access_token: string };
      const account = await fetch(`${server.url}/api/account`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
      expect(await account.json()).toMatchObject({ plan: 1, subscribed: true, messages: { max: null } });

      const listed = await admin(dataDir, 'users', 'list');
      expect(listed.stdout).toContain('ada@example.com');

      const forged = await fetch(`${server.url}/api/admin/users`, { headers: { 'x-admin-token': 'guess' } });
      expect(forged.status).toBe(403);
    } finally {
      await server.stop();
    }

    const usage = await admin(dataDir, 'nonsense');
    expect(usage.code).toBe(1);
    expect(usage.stderr).toMatch(/Usage: pnpm admin/);
    // Seven admin commands from source, each opening the embedded database, and a server start:
    // under a minute alone, but this suite runs below the browser tests' priority in `pnpm check`,
    // and on a slower machine of the same size it ran past ten minutes there. Only to catch a hang.
  }, 1_200_000);
});
