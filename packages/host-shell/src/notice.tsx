import './notice.css';
import type { ReactNode } from 'react';

/** A calm line about what just happened (a cancelled sign-in, a window that failed). */
export function Notice({ tone = 'info', children }: { tone?: 'info' | 'error'; children: ReactNode }) {
  return (
    <p className={`notice notice--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
