import { z } from 'zod';

/**
 * The part of the ZAF v2 client (what `ZAFClient.init()` returns) this app uses. Every call
 * travels to Zendesk by postMessage and comes back as a promise; what comes back is parsed
 * (zod) before use, since it crossed a frame.
 */
export interface ZafClient {
  get(paths: string[]): Promise<unknown>;
  set(path: string, value: unknown): Promise<unknown>;
  invoke(name: string, ...args: unknown[]): Promise<unknown>;
  metadata(): Promise<unknown>;
  on(event: string, handler: (data: unknown) => void): void;
}

/** A bulk get's answer: each path's value under its own name, and per-path errors. */
export const getResultSchema = z.looseObject({ errors: z.record(z.string(), z.unknown()).optional() });

/** What the app's installation holds: its settings (manifest `parameters`), by name. */
export const metadataSchema = z.looseObject({ settings: z.record(z.string(), z.unknown()).optional() });

/** An invoke's answer: per-action errors, empty when all went well. */
export const invokeResultSchema = z.looseObject({
  errors: z.record(z.string(), z.looseObject({ message: z.string().optional() })).optional(),
});

/** A whole-number property such as `ticket.id` (a number, or digits as text); anything else reads as absent. */
export function idProperty(result: unknown, path: string): string | undefined {
  const parsed = getResultSchema.safeParse(result);
  if (!parsed.success || parsed.data.errors?.[path]) return undefined;
  const value = parsed.data[path];
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
  return /^\d{1,20}$/.test(text) ? text : undefined;
}

/** A text property such as `ticket.subject`; anything else (an error, a missing ticket) reads as absent. */
export function textProperty(result: unknown, path: string): string | undefined {
  const parsed = getResultSchema.safeParse(result);
  if (!parsed.success || parsed.data.errors?.[path]) return undefined;
  const value = parsed.data[path];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}
