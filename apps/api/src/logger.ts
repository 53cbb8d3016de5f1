import type { Config } from './env.ts';
import { redactPersonalData } from './log-redaction.ts';
import { currentRequestId } from './observability/request-context.ts';

const LEVELS = { silent: 0, error: 1, warn: 2, info: 3, debug: 4 } as const;
type Level = Exclude<keyof typeof LEVELS, 'silent'>;

export type Logger = Record<Level, (message: string, details?: Record<string, unknown>) => void>;

export type LogSink = (line: string, at: Level) => void;

const standardStreams: LogSink = (line, at) => (at === 'error' || at === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);

/**
 * One JSON object per line on stderr/stdout (`time`, `level`, `msg`, `requestId` while a request
 * is being handled, then the details), so log collectors parse it without a pattern. Personal
 * data (email addresses, a failed query's values) is taken out of every string first.
 */
export function createLogger(level: Config['logLevel'], sink: LogSink = standardStreams): Logger {
  const threshold = LEVELS[level];
  const redactStrings = (_key: string, value: unknown) => (typeof value === 'string' ? redactPersonalData(value) : value);
  const write = (at: Level) => (message: string, details?: Record<string, unknown>) => {
    if (LEVELS[at] > threshold) return;
    const line: Record<string, unknown> = { time: new Date().toISOString(), level: at, msg: message };
    const requestId = currentRequestId();
    if (requestId) line.requestId = requestId;
    // A detail never overwrites the fixed fields a collector relies on.
    for (const [key, value] of Object.entries(details ?? {})) if (!(key in line)) line[key] = value;
    sink(JSON.stringify(line, redactStrings), at);
  };
  return { error: write('error'), warn: write('warn'), info: write('info'), debug: write('debug') };
}
