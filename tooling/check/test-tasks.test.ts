import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { workspacePackages } from './readme-layout.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const manifest = (folder: string) =>
  JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')) as { name: string; scripts?: Record<string, string> };

describe("phase 3's order of test tasks (longest-tests-first.json)", () => {
  const { order } = JSON.parse(readFileSync(join(root, 'tooling', 'check', 'longest-tests-first.json'), 'utf8')) as { order: string[] };
  const tested = workspacePackages(root)
    .map(manifest)
    .filter((found) => found.scripts?.test)
    .map((found) => found.name);

  it('names only workspace packages that have a test script, each once', () => {
    expect(order.filter((name) => !tested.includes(name))).toEqual([]);
    expect(order.filter((name, index) => order.indexOf(name) !== index)).toEqual([]);
  });

  it('starts with the web app, whose browser suite is the longest of the phase', () => {
    expect(order[0]).toBe('@vocal/web');
  });
});
