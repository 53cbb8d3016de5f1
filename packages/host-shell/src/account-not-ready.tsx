import './account-not-ready.css';
import { Button, Spinner } from '@vocal/ui-kit';
import { Notice } from './notice.tsx';

/** The account while it loads, or why it did not, with a way to try again: panel and record window alike. */
export function AccountNotReady({ account }: { account: { status: 'loading' } | { status: 'failed'; message: string; retry(): void } }) {
  if (account.status === 'loading') {
    return (
      <div className="host-loading">
        <Spinner label="Loading your account" />
      </div>
    );
  }
  return (
    <div className="host-failed">
      <Notice tone="error">{account.message}</Notice>
      <Button variant="secondary" onClick={account.retry}>
        Try again
      </Button>
    </div>
  );
}
