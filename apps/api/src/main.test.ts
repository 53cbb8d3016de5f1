import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiProgramEntry } from '@vocal/e2e';

describe('starting the server', () => {
  let occupied: Server;
  let dataDir: string;
  beforeAll(async () => {
    occupied = createServer();
    await new Promise<void>((resolve) => occupied.listen(0, '127.0.0.1', resolve));
    dataDir = await mkdtemp(join(tmpdir(), 'vocal-main-'));
  });
  afterAll(async () => {
    await new Promise((resolve) => occupied.close(resolve));
    await rm(dataDir, { recursive: true, force: true });
  });

  it('says in a sentence that the port is taken, and how to choose another, then exits 1', async () => {
    const port = (occupied.address() as AddressInfo).port;
    const child = spawn(process.execPath, apiProgramEntry('main'), {
      cwd: join(import.meta.dirname, '..'),
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain(`Port ${port} is already in use by another program.`);
    expect(stderr).toContain('PORT=3001 npx -y pnpm@10 start');
    expect(stderr).not.toContain('    at ');
  });
});
