import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { userAtom } from '../session/session-state.ts';
import { webApi } from '../session/web-api.ts';
import './monthly-allowance.css';

/** From this share of the month's messages on, the line is set in the text colour, not muted, and offers Pro. */
const NEARLY_USED = 0.8;

/**
 * "12 of 50 Free messages used this month", for an account whose plan counts messages (Free);
 * nothing for one that does not (Pro, or a server without a limit). With `refresh`, the account
 * is read again when the line appears, so a message sent from another page or device is
 * counted; the recorder's page does not, since an account that turned out to be at its limit
 * would take the recorder away from a take under way.
 */
export function MonthlyAllowance({ refresh = true }: { refresh?: boolean }) {
  const user = useAtomValue(userAtom);
  const setUser = useSetAtom(userAtom);
  const counted = user !== null && user.messages.max !== null;

  useEffect(() => {
    if (!counted || !refresh) return;
    let cancelled = false;
    void webApi()
      .getAccount()
      .then((account) => {
        if (!cancelled && account.ok) setUser(account.data);
      });
    return () => {
      cancelled = true;
    };
  }, [counted, refresh, setUser]);

  if (!user || user.messages.max === null) return null;
  const { count, max } = user.messages;
  const used = Math.min(count, max);
  const share = max === 0 ? 1 : used / max;
  const nearlyUsed = share >= NEARLY_USED;
  return (
    <p className={`monthly-allowance${nearlyUsed ? ' monthly-allowance--nearly-used' : ''}`}>
      <span className="monthly-allowance__text">
        {used} of {max} Free {max === 1 ? 'message' : 'messages'} used this month
      </span>
      <span className="monthly-allowance__bar" aria-hidden="true">
        <span className="monthly-allowance__fill" style={{ width: `${Math.round(share * 100)}%` }} />
      </span>
      {nearlyUsed ? (
        <Link href="/upgrade" className="monthly-allowance__upgrade">
          Get unlimited messages with Pro
        </Link>
      ) : null}
    </p>
  );
}
