import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

/**
 * The folders the root README's Layout names, as `group/name` (`apps/web`, `tooling/check`): the
 * indented entries under each top-level folder of the code block that follows `## Layout`.
 */
export function layoutFolders(readme: string): string[] {
  const block = /^## Layout\n+```\n([\s\S]*?)\n```/m.exec(readme)?.[1];
  if (block === undefined) throw new Error('The README has no code block under "## Layout".');
  const folders: string[] = [];
  let group = '';
  for (const line of block.split('\n')) {
    const top = /^(\S+)\//.exec(line);
    if (top) group = top[1] ?? '';
    const entry = /^ +([\w.-]+)\/ /.exec(line);
    if (entry && group) folders.push(`${group}/${entry[1]}`);
  }
  return folders;
}

/**
 * Every workspace package: each folder a `packages:` glob of pnpm-workspace.yaml matches that has
 * a package.json. Only globs of the form `group/*` and plain folders are used in this repository;
 * any other form is refused rather than half-read.
 */
export function workspacePackages(root: string): string[] {
  const workspace = parse(readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8')) as { packages?: string[] };
  const found: string[] = [];
  for (const glob of workspace.packages ?? []) {
    if (glob.startsWith('!')) continue;
    const group = /^([\w.-]+)\/\*$/.exec(glob)?.[1];
    if (group === undefined && /[*?{[]/.test(glob)) throw new Error(`Unsupported workspace glob: ${glob}`);
    const candidates =
      group === undefined ? [glob] : existsSync(join(root, group)) ? readdirSync(join(root, group)).map((name) => `${group}/${name}`) : [];
    for (const folder of candidates) {
      if (existsSync(join(root, folder, 'package.json'))) found.push(folder);
    }
  }
  return found.sort();
}
