import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * One of a few machine-wide places for a host app's browser suite (a product server and a
 * Chromium recording in real time). `pnpm check` starts every host app's suite at once beside
 * the API and web suites; on two cores, more than a couple of real-time browsers at a time only
 * made each slower and starved the fake microphone. A suite waits here for a free place
 * (VOCAL_HOST_BROWSER_SLOTS, 2 unless set), holds it for its whole run, and gives it back.
 */
const SLOTS = Math.max(1, Number(process.env.VOCAL_HOST_BROWSER_SLOTS) || 2);
const FOLDER = join(tmpdir(), 'vocal-host-browser-slots');

/** A place whose holder is gone (killed, crashed) is free again. */
function holderIsGone(slot) {
  let pid;
  try {
    pid = Number(readFileSync(join(slot, 'pid'), 'utf8'));
  } catch {
    // Made but not yet signed by its holder, or removed meanwhile: gone only if it stays unsigned.
    try {
      return Date.now() - statSync(slot).mtimeMs > 30_000;
    } catch {
      return false;
    }
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return error.code === 'ESRCH';
  }
}

function tryToTake() {
  mkdirSync(FOLDER, { recursive: true });
  for (let index = 0; index < SLOTS; index++) {
    const slot = join(FOLDER, `slot-${index}`);
    try {
      mkdirSync(slot);
      writeFileSync(join(slot, 'pid'), String(process.pid));
      return slot;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      if (holderIsGone(slot)) rmSync(slot, { recursive: true, force: true });
    }
  }
  return null;
}

/** Vitest global setup: waits for a place, and returns its release as the teardown. */
export default async function holdHostBrowserSlot() {
  let slot = tryToTake();
  while (!slot) {
    await sleep(500);
    slot = tryToTake();
  }
  const held = slot;
  return () => rmSync(held, { recursive: true, force: true });
}
