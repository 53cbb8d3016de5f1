import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hostSdks, gardenFolder } from './host-sdks.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

type Manifest = {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};

function workspaceFolders(group: string): string[] {
  const dir = join(root, group);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((name) => join(dir, name))
    .filter((path) => existsSync(join(path, 'package.json')));
}

function manifest(folder: string): Manifest {
  return JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as Manifest;
}

/** Which internal packages each package may depend on at run time (DESIGN.md). */
const allowedInternal: Record<string, string[]> = {
  '@vocal/settings-model': [],
  '@vocal/api-client': ['@vocal/settings-model'],
  '@vocal/host-contract': ['@vocal/settings-model', '@vocal/api-client'],
  '@vocal/recorder-core': ['@vocal/settings-model', '@vocal/api-client'],
  '@vocal/ui-kit': ['@vocal/settings-model', '@vocal/api-client', '@vocal/recorder-core', '@vocal/host-contract'],
  '@vocal/host-shell': ['@vocal/settings-model', '@vocal/api-client', '@vocal/host-contract', '@vocal/ui-kit'],
};

function sourceFiles(folder: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(ts|tsx|js|mjs|jsx)$/.test(name)) found.push(path);
    }
  };
  walk(folder);
  return found;
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = new Set<string>();
  const pattern = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s*['"]([^'"]+)['"]/g;
  for (const match of text.matchAll(pattern)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    if (specifier) specifiers.add(specifier);
  }
  return [...specifiers];
}

function matchesModule(specifier: string, moduleName: string): boolean {
  if (moduleName.endsWith('/*')) return specifier.startsWith(moduleName.slice(0, -1));
  return specifier === moduleName || specifier.startsWith(`${moduleName}/`);
}

describe('workspace boundaries', () => {
  const packages = workspaceFolders('packages');
  const apps = workspaceFolders('apps');
  const tooling = workspaceFolders('tooling').map((folder) => manifest(folder).name);

  it('finds the workspace', () => {
    expect(packages.length).toBeGreaterThan(0);
  });

  it.each(packages.map((folder) => [manifest(folder).name, folder] as const))(
    '%s depends only on the packages DESIGN.md allows',
    (name, folder) => {
      const dependencies = Object.keys(manifest(folder).dependencies ?? {});
      const internal = dependencies.filter((dependency) => dependency.startsWith('@vocal/'));
      const allowed = allowedInternal[name];
      if (allowed) expect(internal.filter((dependency) => !allowed.includes(dependency))).toEqual([]);
      if (name === '@vocal/settings-model') expect(dependencies).toEqual(['zod']);
    },
  );

  it.each([...packages, ...apps].map((folder) => [manifest(folder).name, folder] as const))(
    '%s uses tooling/* only as a devDependency and imports no app',
    (_name, folder) => {
      const dependencies = Object.keys(manifest(folder).dependencies ?? {});
      expect(dependencies.filter((dependency) => tooling.includes(dependency))).toEqual([]);
      const appNames = apps.map((app) => manifest(app).name);
      expect(dependencies.filter((dependency) => appNames.includes(dependency))).toEqual([]);
    },
  );

  it('keeps every host SDK inside apps/<host>/src/host/ and Garden inside apps/zendesk/', () => {
    const offences: string[] = [];
    for (const folder of [...packages, ...apps]) {
      for (const file of sourceFiles(folder)) {
        const path = relative(root, file).split(sep).join('/');
        for (const specifier of importsOf(file)) {
          for (const host of hostSdks) {
            const owned = path.startsWith(`apps/${host.app}/src/host/`);
            const isGarden = specifier.startsWith('@zendeskgarden/');
            if (isGarden && path.startsWith(gardenFolder)) continue;
            if (!owned && host.modules.some((moduleName) => matchesModule(specifier, moduleName))) {
              offences.push(`${path} imports ${specifier}`);
            }
          }
        }
      }
    }
    expect(offences).toEqual([]);
  });
});
