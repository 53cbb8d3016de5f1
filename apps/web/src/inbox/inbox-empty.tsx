import { Link } from 'wouter';
import { Button, ButtonLink } from '@vocal/ui-kit';
import type { InboxQuery } from './inbox-query.ts';

/** What an empty list means here: a new account, a search that found nothing, or an empty filter. */
export function InboxEmpty({ query, filtered, onClearSearch }: { query: InboxQuery; filtered: boolean; onClearSearch(): void }) {
  if (query.q.trim()) {
    return (
      <div className="empty-state">
        <h3 className="empty-state__title">No messages match “{query.q.trim()}”</h3>
        <p className="empty-state__text">Search looks in titles, senders’ names and addresses, written messages and transcripts.</p>
        <Button variant="secondary" onClick={onClearSearch}>
          Clear the search
        </Button>
      </div>
    );
  }
  if (filtered) {
    return (
      <div className="empty-state">
        <h3 className="empty-state__title">Nothing here yet</h3>
        <p className="empty-state__text">No messages match this filter{query.folder ? ' in this folder' : ''}.</p>
        <Link href="/recordings" asChild>
          <ButtonLink variant="secondary">Show all messages</ButtonLink>
        </Link>
      </div>
    );
  }
  return (
    <div className="empty-state">
      <h3 className="empty-state__title">No messages yet</h3>
      <p className="empty-state__text">
        Record a voice message and you get a link to share at once. Replies and messages people send you arrive here too.
      </p>
      <Link href="/record" asChild>
        <ButtonLink>Record your first message</ButtonLink>
      </Link>
    </div>
  );
}
