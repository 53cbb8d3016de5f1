import { Link } from 'wouter';
import { filterKeyOf, withFilter, writeInboxQuery, type FilterKey, type InboxQuery } from './inbox-query.ts';

const FILTERS: { key: FilterKey; label: string }[] = [
  { key: 'all', label: 'All' },
  { key: 'sent', label: 'Sent' },
  { key: 'received', label: 'Received' },
  { key: 'reply', label: 'Replies' },
  { key: 'comment', label: 'Comments' },
  { key: 'contact-form', label: 'Contact form' },
  { key: 'collect', label: 'Collection' },
  { key: 'written', label: 'Written' },
];

/**
 * The filter bar: links, so each filter has an address and Back returns to the one before.
 * On phones the row scrolls sideways instead of wrapping into a wall of buttons.
 */
export function InboxFilters({ query }: { query: InboxQuery }) {
  const chosen = filterKeyOf(query);
  return (
    <nav className="inbox-filters" aria-label="Filter messages">
      {/* A row of links, not a list: the page's list is its messages. */}
      <div className="inbox-filters__list">
        {FILTERS.map((filter) => (
          <Link
            key={filter.key}
            href={`/recordings${writeInboxQuery(withFilter(query, filter.key))}`}
            className="inbox-filters__link"
            aria-current={chosen === filter.key ? 'true' : undefined}
          >
            {filter.label}
          </Link>
        ))}
      </div>
    </nav>
  );
}
