import type { SentryException, SentryStackFrame } from './sentry-event.ts';

// V8 (Node, Chromium): "    at fn (file:1:2)", "    at file:1:2", "    at async fn (file:1:2)".
const V8_FRAME = /^\s*at (?:async )?(?:(.+?) \()?(.+?):(\d+):(\d+)\)?\s*$/;
// SpiderMonkey and JavaScriptCore: "fn@file:1:2" or "@file:1:2".
const GECKO_FRAME = /^\s*(.*?)@(.+?):(\d+):(\d+)\s*$/;
const MAX_FRAMES = 50;
const MAX_CAUSES = 5;

/** Frames of a stack trace, oldest call first as Sentry wants them; lines it cannot read are skipped. */
export function framesFromStack(stack: string, isInApp: (filename: string) => boolean): SentryStackFrame[] {
  const frames: SentryStackFrame[] = [];
  for (const line of stack.split('\n')) {
    const match = V8_FRAME.exec(line) ?? GECKO_FRAME.exec(line);
    if (!match) continue;
    const [, name, filename = '', lineno, colno] = match;
    frames.push({
      ...(name ? { function: name } : {}),
      filename,
      lineno: Number(lineno),
      colno: Number(colno),
      in_app: isInApp(filename),
    });
    if (frames.length === MAX_FRAMES) break;
  }
  return frames.reverse();
}

/**
 * What was thrown, as Sentry's exception values: an Error with its type, message and frames,
 * followed back through its causes (the cause first, the error that reached us last); anything
 * else thrown becomes its text.
 */
export function exceptionValues(
  thrown: unknown,
  options: { isInApp: (filename: string) => boolean; clean?: (text: string) => string },
): SentryException[] {
  const clean = options.clean ?? ((text: string) => text);
  const values: SentryException[] = [];
  let current: unknown = thrown;
  while (current !== undefined && current !== null && values.length < MAX_CAUSES) {
    if (current instanceof Error) {
      const frames = current.stack ? framesFromStack(clean(current.stack), options.isInApp) : [];
      values.unshift({
        type: current.name || 'Error',
        value: clean(current.message),
        ...(frames.length ? { stacktrace: { frames } } : {}),
      });
      current = current.cause;
    } else {
      values.unshift({ type: 'Error', value: clean(typeof current === 'string' ? current : safeText(current)) });
      current = undefined;
    }
  }
  return values;
}

function safeText(value: unknown): string {
  if (typeof value === 'object' && value !== null && 'message' in value) return String(value.message);
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
