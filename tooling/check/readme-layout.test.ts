import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { layoutFolders, workspacePackages } from './readme-layout.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const readme = readFileSync(join(root, 'README.md'), 'utf8');

describe("the root README's Layout", () => {
  it('names every workspace package with a line of its own', () => {
    const named = layoutFolders(readme);
    const missing = workspacePackages(root).filter((folder) => !named.includes(folder));
    expect(missing).toEqual([]);
  });

  it('names no app, package or tooling folder that is not there', () => {
    const packages = workspacePackages(root);
    const stale = layoutFolders(readme).filter((folder) => /^(apps|packages|tooling)\//.test(folder) && !packages.includes(folder));
    expect(stale).toEqual([]);
  });

  it('names each folder once', () => {
    const named = layoutFolders(readme);
    expect(named.filter((folder, index) => named.indexOf(folder) !== index)).toEqual([]);
  });
});

describe('layoutFolders', () => {
  it('reads the indented entries under each group, and only those', () => {
    const sample = [
      '# Title',
      '## Layout',
      '',
      '```',
      'apps/',
      '  api/          the server',
      '  web/          the web app',
      '                (a continuation line)',
      'packages/',
      '  ui-kit/       components',
      'docs/decisions/     why',
      '```',
      '',
      '```',
      'other/',
      '  not-layout/   a later block',
      '```',
    ].join('\n');
    expect(layoutFolders(sample)).toEqual(['apps/api', 'apps/web', 'packages/ui-kit']);
  });

  it('misses a package that only shares a line with others', () => {
    const sample = ['## Layout', '```', 'tooling/', '  typescript/ eslint/   shared configs', '```'].join('\n');
    expect(layoutFolders(sample)).toEqual(['tooling/typescript']);
  });
});
