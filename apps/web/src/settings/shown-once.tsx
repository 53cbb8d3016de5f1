import type { ReactNode } from 'react';
import { CopyLinkField, Spinner } from '@vocal/ui-kit';

/** A secret the server shows only in the answer that made it (an API token, a webhook's signing secret), with what to do now. */
export function ShownOnce({ value, label, children }: { value: string; label: string; children: ReactNode }) {
  return (
    <div className="api-tokens__created">
      <CopyLinkField url={value} label={label} />
      <p className="api-tokens__warning">{children}</p>
    </div>
  );
}

export type ListLoad<Item> = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; items: Item[] };

/** A list's states before it has items to show: loading, failed with the server's words, or empty. */
export function ListState<Item>({ load, loading, empty }: { load: ListLoad<Item>; loading: string; empty: string }) {
  if (load.kind === 'loading') return <Spinner label={loading} />;
  if (load.kind === 'failed') {
    return (
      <p className="notice" role="alert">
        {load.message}
      </p>
    );
  }
  return load.items.length === 0 ? <p className="api-tokens__empty">{empty}</p> : null;
}
