// Bundles the server and its workspace packages (which export TypeScript source) into
// dist/; third-party packages stay external and load from node_modules.
import { execFileSync } from 'node:child_process';
import { build } from 'esbuild';

await build({
  // The media pool's worker thread loads dist/media-worker.mjs, beside main.mjs.
  entryPoints: {
    main: 'src/main.ts',
    'server-main': 'src/server-main.ts',
    admin: 'src/admin/admin.ts',
    'media-worker': 'src/media/media-worker.ts',
  },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-node-modules',
      setup(builder) {
        builder.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@vocal/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});

// The embedded database's first start unpacks a migrated cluster made here instead of running
// PGlite's initdb (src/db/pglite-seed.ts); kept while PGlite and the migrations are unchanged.
execFileSync(process.execPath, ['--import', 'tsx', 'src/db/pglite-seed-cli.ts'], { stdio: 'inherit' });
