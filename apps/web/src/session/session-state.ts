import { atom } from 'jotai';
import type { Personalisation, User } from '@vocal/settings-model';

/**
 * Spec section 4: not ready, ready, authorized, synced. "authorized" once both tokens are
 * held; "synced" once the user and settings have been fetched.
 */
export type SessionStatus = 'not-ready' | 'ready' | 'authorized' | 'synced';

export const sessionStatusAtom = atom<SessionStatus>('not-ready');
export const userAtom = atom<User | null>(null);
export const personalisationAtom = atom<Personalisation | null>(null);
