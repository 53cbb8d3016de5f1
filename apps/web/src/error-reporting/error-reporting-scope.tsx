import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { userAtom } from '../session/session-state.ts';
import { addBreadcrumb } from './breadcrumbs.ts';
import { setReportingUser } from './client-reporter.ts';
import { reportingTarget } from './reporting-target.ts';

/**
 * Keeps the error reports' context current: who is signed in (by id) and where the person
 * went (navigation breadcrumbs, paths only). Renders nothing.
 */
export function ErrorReportingScope() {
  const user = useAtomValue(userAtom);
  const [location] = useLocation();
  const previous = useRef<string | null>(null);

  useEffect(() => {
    // Asked once, early, so a report made while the page closes need not wait for it.
    void reportingTarget();
  }, []);

  useEffect(() => {
    setReportingUser(user?.id ?? null);
  }, [user?.id]);

  useEffect(() => {
    addBreadcrumb({ type: 'navigation', category: 'navigation', data: { from: previous.current ?? '', to: location } });
    previous.current = location;
  }, [location]);

  return null;
}
