import { useEffect, useRef, useState } from 'react';

/** How long typing pauses before the search is sent: one request per word, not per key. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search box: the inbox searches on the server (titles, senders, written messages and
 * transcripts). The text shown is the person's own; the query follows it after a pause.
 */
export function InboxSearch({ value, onSearch }: { value: string; onSearch(text: string): void }) {
  const [text, setText] = useState(value);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
  const lastSent = useRef(value);

  // Back or a filter link changes the address: the box follows it.
  useEffect(() => {
    if (value !== lastSent.current) {
      lastSent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text === lastSent.current) return;
    const timer = setTimeout(() => {
      lastSent.current = text;
      onSearchRef.current(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <form
      className="inbox-search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        lastSent.current = text;
        onSearchRef.current(text);
      }}
    >
      <svg className="inbox-search__icon" width="18" height="18" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M13 13l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        type="search"
        className="inbox-search__input"
        aria-label="Search messages"
        placeholder="Search titles, senders and transcripts"
        value={text}
        maxLength={200}
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
}
