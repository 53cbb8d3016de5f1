import { tokensSchema, type Tokens } from '@vocal/settings-model';

/** Where the tokens wait while the taskpane reloads; removed as soon as they are read. */
const KEY = 'vocal.outlook.session-across-reload';

/**
 * Keeps the signed-in session across the one reload Office asks for after the person first
 * grants the microphone. Tokens otherwise live in memory only; here they pass through the
 * taskpane's own sessionStorage (its frame, its tab) for the instant of the reload.
 */
export function carrySessionAcrossReload(storage: Storage, tokens: Tokens | null) {
  if (tokens) storage.setItem(KEY, JSON.stringify(tokens));
}

/** The tokens carried across a reload, once: reading removes them. Anything malformed is dropped. */
export function takeCarriedSession(storage: Storage): Tokens | null {
  const text = storage.getItem(KEY);
  if (text === null) return null;
  storage.removeItem(KEY);
  try {
    const parsed = tokensSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
