import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { Config } from '../env.ts';
import type { MediaPool } from '../media/media-pool.ts';
import { createOpenAiTranscriber } from './openai-transcriber.ts';
import type { ProcessScratch } from '../processes/process-scratch.ts';
import { createPocketsphinxTranscriber } from './pocketsphinx-transcriber.ts';
import type { Transcriber } from './transcriber.ts';

/** Whether `command` names an executable, as a path or on PATH. */
export function isExecutable(command: string, path: string): boolean {
  const candidates = command.includes('/')
    ? [command]
    : path
        .split(delimiter)
        .filter(Boolean)
        .map((folder) => join(folder, command));
  return candidates.some((candidate) => {
    try {
      accessSync(candidate, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * The configured engine, or null for none. auto picks the best available: the API when one
 * is configured, else pocketsphinx when installed, else none.
 */
export function chooseTranscriber(
  config: Config['transcription'],
  media: Pick<MediaPool, 'decodeToPcm16kFile'>,
  scratch?: ProcessScratch,
): Transcriber | null {
  const api = config.api ? createOpenAiTranscriber({ endpoint: config.api, timeoutMs: config.timeoutMs, media, scratch }) : null;
  const local = () => createPocketsphinxTranscriber({ command: config.pocketsphinxPath, media, scratch });
  switch (config.provider) {
    case 'none':
      return null;
    case 'openai':
      return api;
    case 'local':
      return local();
    case 'auto':
      return api ?? (isExecutable(config.pocketsphinxPath, config.searchPath) ? local() : null);
  }
}
