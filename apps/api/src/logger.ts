import type { Config } from './env.ts';
import { redactPersonalData } from './log-redaction.ts';

const LEVELS = { silent: 0, error: 1, warn: 2, info: 3, debug: 4 } as const;
type Level = Exclude<keyof typeof LEVELS, 'silent'>;

export type Logger = Record<Level, (message: string, details?: Record<string, unknown>) => void>;

export type LogSink = (line: string, at: Level) => void;

const standardStreams: LogSink = (line, at) => (at === 'error' || at === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);

/**
 * One line per event on stderr/stdout; details as JSON so logs can be grepped and parsed.
 * Personal data (email addresses, a failed query's values) is taken out of every string first.
 */
export function createLogger(level: Config['logLevel'], sink: LogSink = standardStreams): Logger {
  const threshold = LEVELS[level];
  const redactStrings = (_key: string, value: unknown) => (typeof value === 'string' ? redactPersonalData(value) : value);
  const write = (at: Level) => (message: string, details?: Record<string, unknown>) => {
    if (LEVELS[at] > threshold) return;
    const detailText = details ? ` ${JSON.stringify(details, redactStrings)}` : '';
    sink(`${new Date().toISOString()} ${at.toUpperCase()} ${redactPersonalData(message)}${detailText}`, at);
  };
  return { error: write('error'), warn: write('warn'), info: write('info'), debug: write('debug') };
}
