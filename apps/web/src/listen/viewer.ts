import type { Recording } from '@vocal/settings-model';

/**
 * Who is looking at a listen page. `checking`: this browser holds a session, so it may be the
 * owner; the page keeps the owner bar's room and holds the visitor-only parts back until the
 * server says. `owner` carries the owner's full view of the message (folder, what it replies to).
 */
export type Viewer = { kind: 'visitor' } | { kind: 'checking' } | { kind: 'owner'; recording: Recording };
