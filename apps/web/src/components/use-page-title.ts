import { useEffect } from 'react';
import { documentTitle } from '../routes/page-title.ts';

/** Sets the document title as "page title · site name" (spec section 2). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
