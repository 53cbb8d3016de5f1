import { loadConfig, publicUrlIsDefault } from './env.ts';
import { createLogger } from './logger.ts';
import { startServer } from './server.ts';
import { startupFinished } from './startup-heap.ts';

// What main.ts starts once V8 is set up for starting (src/startup-heap.ts).
const config = loadConfig();
const logger = createLogger(config.logLevel);
const running = await startServer(config, { publicUrlFollowsPort: publicUrlIsDefault(), logger }).catch((error: unknown) => {
  // The commonest first-run failure gets a sentence and a way out, not a stack trace.
  if ((error as { code?: string } | null)?.code === 'EADDRINUSE') {
    process.stderr.write(
      `\nPort ${config.port} is already in use by another program. Stop it, or choose another port: PORT=3001 npx -y pnpm@10 start\n\n`,
    );
    process.exit(1);
  }
  throw error;
});
startupFinished();
const database = running.services.databaseKind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL';
process.stdout.write(`\nVocal is running. Open ${running.url}\n(database: ${database}; press Ctrl+C to stop)\n\n`);

// SIGTERM (a deploy, a scale-down) or Ctrl+C: stop accepting, let requests in flight finish
// within SHUTDOWN_GRACE_SECONDS, hand running jobs back, write counted listens, exit 0. A second
// signal exits at once.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) {
      logger.warn('Second stop signal: exiting without waiting for requests in flight');
      process.exit(1);
    }
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
