import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { hostSdks } from './host-sdks.js';

const restrictedHostModules = hostSdks.flatMap((host) =>
  host.modules.map((name) => ({
    group: [name],
    message: `${name} belongs to apps/${host.app}/src/host/ only (DESIGN.md: the host-adapter seam).`,
  })),
);

const restrictedHostGlobals = hostSdks.flatMap((host) =>
  host.globals.map((name) => ({
    name,
    message: `The ${name} global belongs to apps/${host.app}/src/host/ only.`,
  })),
);

/**
 * Base flat config for every package and app: TypeScript-aware recommended rules and
 * the import boundaries. Host apps re-open the boundary for their own src/host/ folder.
 */
export default tseslint.config(
  { ignores: ['dist/**', 'coverage/**', 'node_modules/**', '**/*.gen.*', 'drizzle/meta/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...restrictedHostModules,
            { group: ['**/apps/*', '@vocal/web', '@vocal/api'], message: 'Apps never import another app.' },
            { group: ['@vocal/*/src/*'], message: 'Import a package through its exports, not its files.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', ...restrictedHostGlobals],
    },
  },
);

/** For apps/<host>/eslint.config.js: lifts the host-SDK rule inside src/host/ only. */
export const hostFolderOverride = {
  files: ['src/host/**'],
  rules: {
    'no-restricted-imports': 'off',
    'no-restricted-globals': 'off',
  },
};
