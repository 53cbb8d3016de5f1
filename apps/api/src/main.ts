import { loadConfig, publicUrlIsDefault } from './env.ts';
import { createLogger } from './logger.ts';
import { startServer } from './server.ts';

// The one entry point: `pnpm start` runs the bundle of this file.
const config = loadConfig();
const logger = createLogger(config.logLevel);
const running = await startServer(config, { publicUrlFollowsPort: publicUrlIsDefault(), logger });
const database = running.services.databaseKind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL';
process.stdout.write(`\nVocal is running. Open ${running.url}\n(database: ${database}; press Ctrl+C to stop)\n\n`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error('Shutdown failed', { error: String(error) });
        process.exit(1);
      },
    );
  });
}
