import type { Config } from './env.ts';

const LEVELS = { silent: 0, error: 1, warn: 2, info: 3, debug: 4 } as const;
type Level = Exclude<keyof typeof LEVELS, 'silent'>;

export type Logger = Record<Level, (message: string, details?: Record<string, unknown>) => void>;

/** One line per event on stderr/stdout; details as JSON so logs can be grepped and parsed. */
export function createLogger(level: Config['logLevel']): Logger {
  const threshold = LEVELS[level];
  const write = (at: Level) => (message: string, details?: Record<string, unknown>) => {
    if (LEVELS[at] > threshold) return;
    const line = `${new Date().toISOString()} ${at.toUpperCase()} ${message}${details ? ` ${JSON.stringify(details)}` : ''}`;
    (at === 'error' || at === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
  };
  return { error: write('error'), warn: write('warn'), info: write('info'), debug: write('debug') };
}
