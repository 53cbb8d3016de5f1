import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { apiProgramEntry, startApiProcess } from '@vocal/e2e';
import { readHandoff } from './admin-handoff.ts';
import { waitFor } from '../../test/harness/upload-form.ts';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const appFolder = new URL('../..', import.meta.url).pathname;

/** Runs `pnpm admin ...` as a self-hoster would, against a data folder. */
async function admin(dataDir: string, ...args: string[]) {
  try {
    const { stdout } = await run(process.execPath, [...apiProgramEntry('admin'), ...args], {
      cwd: appFolder,
      env: { ...process.env, DATA_DIR: dataDir, SCRYPT_COST: '1024', DATABASE_URL: '' },
    });
    return { code: 0, stdout, stderr: '' };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** The client ends of the open TCP connections to a local port (from /proc/net/tcp and tcp6). */
async function connectionsTo(port: number): Promise<Set<string>> {
  const hexPort = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const clients = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of (await readFile(table, 'utf8').catch(() => '')).split('\n').slice(1)) {
      // "sl local_address rem_address st ...": the slot, then both ends, then the state.
      const [, local, remote, state] = line.trim().split(/\s+/);
      // 01: established.
      if (remote?.endsWith(hexPort) && state === '01' && local) clients.add(local);
    }
  }
  return clients;
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

  it('goes through a server that answers slowly, never round it into the database it holds open', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'vocal-admin-slow-'));
    const server = await startApiProcess({ dataDir });
    const { pid } = (await readHandoff(dataDir))!;
    const port = Number(new URL(server.url).port);
    try {
      // The server stops answering (as one starved of CPU does) while the command starts.
      const before = await connectionsTo(port);
      process.kill(pid, 'SIGSTOP');
      const created = admin(dataDir, 'users', 'create', '--email', 'slow@example.com', '--password', 'a long secret');
      // Once the command has knocked (the kernel takes the connection for the stopped server),
      // the server stays silent for longer than the 2 s the command used to wait before opening
      // the database itself.
      await waitFor(
        () => connectionsTo(port),
        (now) => [...now].some((client) => !before.has(client)),
      );
      await new Promise((resolve) => setTimeout(resolve, 4000));
      process.kill(pid, 'SIGCONT');
      expect((await created).code).toBe(0);
      // The running server made the account: it signs in there. (Written into the database beside
      // the server, it would not be in the server's own view of it.)
      const signIn = await fetch(`${server.url}/api/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'slow@example.com', password: 'a long secret' }),
      });
      expect(signIn.status).toBe(200);
    } finally {
      process.kill(pid, 'SIGCONT');
      await server.stop();
    }
  }, 1_200_000);
});
