import './brand-header.css';
import type { ReactNode } from 'react';
import { BrandMark } from '@vocal/ui-kit';

/** A host app's top line: the mark and name, with room for an action on the right. */
export function BrandHeader({ children }: { children?: ReactNode }) {
  return (
    <header className="brand-header">
      <BrandMark size={24} />
      {children}
    </header>
  );
}
