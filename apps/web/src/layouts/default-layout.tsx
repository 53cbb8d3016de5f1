import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Link } from 'wouter';

import { sessionStatusAtom } from '../session/session-state.ts';
import { BrandMark } from '@vocal/ui-kit';

/** A light frame: the mark, a way in or back, and the page. */
export function DefaultLayout({ children }: { children: ReactNode }) {
  const status = useAtomValue(sessionStatusAtom);
  const signedIn = status === 'authorized' || status === 'synced';
  return (
    <div className="default-layout">
      <header className="default-layout__header">
        <Link href="/" className="default-layout__brand" aria-label="Vocal home">
          <BrandMark />
        </Link>
        {signedIn ? <Link href="/recordings">Your recordings</Link> : null}
      </header>
      <main className="default-layout__main">{children}</main>
    </div>
  );
}
