import type { PublicListenPayload } from '@vocal/settings-model';
import { hasStoredSession } from './stored-session.ts';

/**
 * The payload through this browser's session: the owner sees their own message without its
 * password, and a team-only message opens to its team's members (decision 0075).
 */
export async function sessionPayload(id: string): Promise<PublicListenPayload | null> {
  if (!hasStoredSession()) return null;
  const { listenApi } = await import('./listen-api.ts');
  const result = await listenApi().viewVocal(id);
  return result.ok ? result.data : null;
}
