import { useEffect, useState, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Link, useLocation } from 'wouter';
import { BrandMark, ButtonLink, ReportIssueDialog } from '@vocal/ui-kit';

import { ConfirmAddressNotice } from '../accounts/confirm-address-notice.tsx';
import { AccountMenu } from '../components/account-menu.tsx';
import { lastReportedEventId } from '../error-reporting/client-reporter.ts';
import { unreadCountAtom, useRefreshUnreadCount } from '../inbox/unread-count.ts';
import { userAtom } from '../session/session-state.ts';
import { webApi } from '../session/web-api.ts';

const NAVIGATION = [
  { href: '/recordings', label: 'Recordings', also: ['/'] },
  { href: '/integrations', label: 'Integrations', also: [] },
  { href: '/settings', label: 'Settings', also: [] },
];

/** The signed-in frame: the mark, the main sections, New recording and the account menu. */
export function DashboardLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const user = useAtomValue(userAtom);
  const [reporting, setReporting] = useState(false);
  const unread = useAtomValue(unreadCountAtom);
  const refreshUnread = useRefreshUnreadCount();

  // Asked again on each navigation: coming back from a listen page, what was opened there is read.
  useEffect(() => {
    void refreshUnread();
  }, [location, refreshUnread]);

  return (
    <div className="dashboard-layout">
      <header className="dashboard-layout__header">
        <div className="dashboard-layout__bar">
          <Link href="/recordings" className="dashboard-layout__brand" aria-label="Vocal, your recordings">
            <BrandMark />
          </Link>
          <nav className="dashboard-layout__nav" aria-label="Main">
            {NAVIGATION.map((item) => {
              const current = location === item.href || item.also.includes(location) || location.startsWith(`${item.href}/`);
              return (
                <Link key={item.href} href={item.href} aria-current={current ? 'page' : undefined} className="dashboard-layout__link">
                  {item.label}
                  {item.href === '/recordings' && unread ? (
                    <span className="dashboard-layout__badge">
                      <span aria-hidden="true">{unread}</span>
                      <span className="vk-visually-hidden">, {unread} unread</span>
                    </span>
                  ) : null}
                </Link>
              );
            })}
          </nav>
          <div className="dashboard-layout__actions">
            <Link href="/record" asChild>
              <ButtonLink size="sm" className="dashboard-layout__record">
                New recording
              </ButtonLink>
            </Link>
            <AccountMenu
              user={user}
              onReportIssue={() => setReporting(true)}
              onSignOut={async () => {
                await webApi().logout();
              }}
            />
          </div>
        </div>
      </header>
      <main className="dashboard-layout__main">
        <ConfirmAddressNotice user={user} />
        {children}
      </main>
      <ReportIssueDialog
        open={reporting}
        onClose={() => setReporting(false)}
        onSubmit={async (text) => {
          // The server keeps the report and, when error reporting is on, attaches it to this page's last event.
          const result = await webApi().sendFeedback({
            comments: text,
            email: user?.email,
            name: user?.name,
            url: window.location.href,
            eventId: lastReportedEventId(),
          });
          if (!result.ok) throw new Error(result.error.msg);
          setReporting(false);
        }}
      />
    </div>
  );
}
