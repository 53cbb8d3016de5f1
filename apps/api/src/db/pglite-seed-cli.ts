// Run by build.mjs after bundling: makes dist/pglite-seed.tar.gz (src/db/pglite-seed.ts).
import { join } from 'node:path';
import { appRoot } from '../app-root.ts';
import { migrationsFolder, openDatabase } from './database.ts';
import { makePgliteSeed } from './pglite-seed.ts';

const outcome = await makePgliteSeed({
  outFolder: join(appRoot, 'dist'),
  migrationsFolder,
  open: (dataDir) => openDatabase({ databaseUrl: null, dataDir }),
});
if (outcome === 'made') process.stdout.write('dist/pglite-seed.tar.gz: a migrated embedded database for first starts\n');
