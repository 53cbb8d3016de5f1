import type { ReactNode } from 'react';

/** Content centred on an otherwise empty page: errors, sign-in landings, static pages. */
export function BasicLayout({ children }: { children: ReactNode }) {
  return <main className="basic-layout">{children}</main>;
}
