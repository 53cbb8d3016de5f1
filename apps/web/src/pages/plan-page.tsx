import '../billing/billing.css';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useId, useState } from 'react';
import { useSearch } from 'wouter';
import {
  FREE_PLAN,
  isProPlan,
  LIMITS,
  PRO_PLAN,
  subscriptionSucceeded,
  TIMINGS,
  type BillingState,
  type PackageKey,
} from '@vocal/settings-model';
import { Button, ConfirmDialog, Spinner } from '@vocal/ui-kit';
import { openBlankCheckoutWindow, runCheckout } from '../billing/checkout-popup.ts';
import { PlansManagedHere } from '../billing/plans-managed-here.tsx';
import { userAtom } from '../session/session-state.ts';
import { webApi } from '../session/web-api.ts';

/** What each plan allows, from the limits the server enforces (a Free account's monthly count from the server). */
function features(freeMessages: number): { name: string; free: string; pro: string }[] {
  return [
    { name: 'Length of a message', free: `${LIMITS.free.maxRecordingSeconds / 60} minute`, pro: 'No limit' },
    { name: 'Messages a month', free: String(freeMessages), pro: 'No limit' },
    { name: 'Pause while recording', free: 'No', pro: 'Yes' },
    { name: 'Transcripts of your messages', free: 'No', pro: 'Yes' },
    { name: 'Folders', free: 'No', pro: 'Yes' },
    { name: 'Your colours, logo and call to action on listen pages', free: 'No', pro: 'Yes' },
    { name: '“Sent with Vocal” on your pages', free: 'Shown', pro: 'Hidden' },
    { name: 'Your own domain for links', free: 'No', pro: 'Yes' },
    { name: 'Team members', free: 'No', pro: 'Yes' },
  ];
}

const money = (amount: number, currency: string) => {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency, maximumFractionDigits: amount % 1 === 0 ? 0 : 2 }).format(
      amount,
    );
  } catch {
    return `${amount} ${currency}`;
  }
};
const dateOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });

type Load = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; state: BillingState };
type Period = 'Monthly' | 'Yearly';

/** How long the page waits for Stripe's webhook after the popup closed before saying it is still on its way. */
const CONFIRM_TRIES = 8;

/**
 * /upgrade and /payment: the person's plan, what Free allows and what Pro adds. With billing on,
 * Free and Pro cards with a Monthly/Yearly choice open Stripe Checkout in the 384×782 popup and
 * re-sync the account when it is over; a subscriber sees the renewal date, can cancel at the end
 * of the period and change the card in Stripe's portal. With billing off, it shows what each plan
 * allows and says plans are managed by the people who run the server (PlansManagedHere).
 */
export default function PlanPage() {
  const user = useAtomValue(userAtom);
  const setUser = useSetAtom(userAtom);
  const query = new URLSearchParams(useSearch());
  const coupon = query.get('coupon');
  // Opened from the Google Meet add-on's Upgrade link: its checkout is /meet-subscription (spec section 7).
  const fromMeet = query.get('from') === 'google-meet';
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [period, setPeriod] = useState<Period>('Yearly');
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const periodName = useId();

  const reload = useCallback(async () => {
    const result = await webApi().getBillingState();
    setLoad(result.ok ? { kind: 'ready', state: result.data } : { kind: 'failed', message: result.error.msg });
    return result.ok ? result.data : null;
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);

  /** The account and the billing state again; true once the account is Pro. */
  const resync = useCallback(async () => {
    const [account] = await Promise.all([webApi().getAccount(), reload()]);
    if (account.ok) setUser(account.data);
    return account.ok && isProPlan(account.data.plan);
  }, [reload, setUser]);

  /** After the checkout: Stripe's webhook may land a moment after the popup closes. */
  const confirmAfterCheckout = async (how: 'reported' | 'closed') => {
    setConfirming(true);
    try {
      for (let attempt = 0; attempt < (how === 'reported' ? CONFIRM_TRIES : 1); attempt++) {
        if (await resync()) {
          setNotice('Welcome to Pro: everything in the Pro column is yours now.');
          return;
        }
        await new Promise((resolve) => window.setTimeout(resolve, TIMINGS.popupClosePollMs));
      }
      if (how === 'reported') setNotice('Your payment went through; Stripe is still confirming it. This page shows Pro once it has.');
    } finally {
      setConfirming(false);
    }
  };

  const subscribe = async (key: PackageKey) => {
    setError(null);
    setNotice(null);
    const popup = openBlankCheckoutWindow();
    const result = await webApi().subscribe({ key, ...(coupon ? { coupon } : {}) }, { meet: fromMeet });
    if (!result.ok) {
      popup?.close();
      setError(result.error.msg);
      return;
    }
    if (!('checkout_url' in result.data)) {
      popup?.close();
      if (subscriptionSucceeded(result.data)) await resync();
      setNotice(`You already have a subscription (${result.data.status}).`);
      return;
    }
    await confirmAfterCheckout(await runCheckout(popup, result.data.checkout_url));
  };

  const changeCard = async () => {
    setError(null);
    const result = await webApi().openBillingPortal();
    if (result.ok) window.location.assign(result.data.url);
    else setError(result.error.msg);
  };

  const cancel = async () => {
    setCancelError(null);
    const cancelled = await webApi().unsubscribe();
    if (!cancelled) {
      setCancelError('The subscription could not be cancelled just now. Try again in a minute.');
      return;
    }
    setCancelOpen(false);
    await resync();
    setNotice('Your subscription ends at the end of the period you paid for. You keep Pro until then.');
  };

  if (!user) return null;
  const pro = isProPlan(user.plan);
  const state = load.kind === 'ready' ? load.state : null;
  const subscription = state?.subscription ?? null;
  const packageOf = (key: PackageKey) => state?.packages.find((pack) => pack.key === key) ?? null;
  const chosen = packageOf(period === 'Monthly' ? 'pro-monthly' : 'pro-yearly') ?? packageOf('pro-monthly');
  const yearly = packageOf('pro-yearly');
  const lifetime = packageOf('pro-lifetime');
  const currency = chosen?.currency ?? 'USD';
  const freeMessages = user.messages.max ?? LIMITS.free.messagesPerMonth;
  const freeTraits = FREE_PLAN.traits.map((trait) =>
    trait === `${LIMITS.free.messagesPerMonth} messages per month` ? `${freeMessages} messages per month` : trait,
  );

  return (
    <section className="settings-page plan-page" aria-labelledby="plan-title">
      <header className="page-header">
        <div>
          <h1 id="plan-title" className="page-header__title">
            Your plan
          </h1>
          <p className="page-header__meta">
            You are on <strong>{pro ? 'Pro' : 'Free'}</strong>
            {subscription?.period ? ` (${subscription.period})` : ''}.
          </p>
        </div>
      </header>

      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}
      {error ? (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      ) : null}
      {!pro && user.messages.showPaywall ? (
        <p className="notice billing-paywall" role="status">
          You have used this month’s {user.messages.max} Free {user.messages.max === 1 ? 'message' : 'messages'}. Upgrade to Pro for
          unlimited messages, or wait until the 1st.
        </p>
      ) : null}

      {load.kind === 'loading' ? (
        <p className="billing-loading">
          <Spinner size="sm" decorative /> Loading the plans…
        </p>
      ) : load.kind === 'failed' ? (
        <p className="notice notice--error" role="alert">
          The plans could not be loaded: {load.message}
        </p>
      ) : !state?.enabled ? null : subscription ? (
        <div className="settings-page__group billing-subscription" aria-labelledby="billing-subscription-title">
          <h2 id="billing-subscription-title" className="settings-page__heading">
            Your subscription
          </h2>
          {subscription.period === 'Lifetime' ? (
            <p>Pro for life: paid once, nothing renews.</p>
          ) : (
            <p>
              {subscription.status === 'trialing' ? 'Free trial, then ' : ''}
              {subscription.period ?? 'Pro'}
              {subscription.renewsAt
                ? subscription.cancelAtPeriodEnd
                  ? `: cancelled, Pro until ${dateOf(subscription.renewsAt)}.`
                  : `: renews on ${dateOf(subscription.renewsAt)}.`
                : '.'}
            </p>
          )}
          {subscription.status === 'past_due' ? (
            <p className="notice notice--error" role="status">
              Your last payment failed. Stripe tries the card again; change it if it has expired.
            </p>
          ) : null}
          <div className="billing-actions">
            {subscription.period !== 'Lifetime' && !subscription.cancelAtPeriodEnd ? (
              <Button variant="secondary" onClick={() => setCancelOpen(true)}>
                Cancel at period end
              </Button>
            ) : null}
            {state.canManageCard ? (
              <Button variant="secondary" onClick={changeCard} loadingLabel="Opening Stripe…">
                Change card
              </Button>
            ) : null}
            <a className="billing-actions__link" href="/settings/payments">
              Payment history
            </a>
          </div>
        </div>
      ) : pro ? (
        <p className="notice" role="status">
          Your Pro comes from your team, a coupon or the administrator, not from a subscription.
        </p>
      ) : (
        <div className="billing-offer">
          {user.messages.showTrial && state.trialDays > 0 ? (
            <p className="billing-trial">
              Try Pro free for {state.trialDays} days: you are charged only after the trial, and can cancel before.
            </p>
          ) : null}
          {coupon ? (
            <p className="notice" role="status">
              The coupon <strong>{coupon}</strong> is taken off at checkout.
            </p>
          ) : null}
          {yearly ? (
            <fieldset className="billing-period">
              <legend className="vk-visually-hidden">Billing period</legend>
              {(['Monthly', 'Yearly'] as const).map((choice) => (
                <label key={choice} className="billing-period__option">
                  <input
                    type="radio"
                    name={periodName}
                    value={choice}
                    checked={period === choice}
                    onChange={() => setPeriod(choice)}
                    className="billing-period__input"
                  />
                  <span className="billing-period__label">
                    {choice}
                    {choice === 'Yearly' && yearly.savings ? <span className="billing-period__save"> save {yearly.savings}%</span> : null}
                  </span>
                </label>
              ))}
            </fieldset>
          ) : null}
          <div className="billing-cards">
            <article className="billing-card" aria-labelledby="billing-free">
              <h2 id="billing-free" className="billing-card__name">
                {FREE_PLAN.name}
              </h2>
              <p className="billing-card__price">
                {money(0, currency)}
                <span className="billing-card__per"> forever</span>
              </p>
              <ul className="billing-card__traits">
                {freeTraits.map((trait) => (
                  <li key={trait}>{trait}</li>
                ))}
              </ul>
              <p className="billing-card__current">Your plan now</p>
            </article>
            <article className="billing-card billing-card--pro" aria-labelledby="billing-pro">
              <h2 id="billing-pro" className="billing-card__name">
                {PRO_PLAN.name}
              </h2>
              {chosen ? (
                <p className="billing-card__price">
                  {money(chosen.price, chosen.currency)}
                  <span className="billing-card__per">{chosen.period === 'Yearly' ? ' a year' : ' a month'}</span>
                </p>
              ) : null}
              <ul className="billing-card__traits">
                {PRO_PLAN.traits.concat(PRO_PLAN.features.slice(0, 4)).map((trait) => (
                  <li key={trait}>{trait}</li>
                ))}
              </ul>
              {chosen ? (
                <Button block onClick={() => subscribe(chosen.key)} loadingLabel="Opening checkout…" disabled={confirming}>
                  {user.messages.showTrial && state.trialDays > 0
                    ? `Start ${state.trialDays}-day free trial`
                    : `Subscribe ${chosen.period.toLowerCase()}`}
                </Button>
              ) : null}
              {lifetime ? (
                <Button
                  block
                  variant="ghost"
                  onClick={() => subscribe('pro-lifetime')}
                  loadingLabel="Opening checkout…"
                  disabled={confirming}
                >
                  Pay once for Lifetime
                </Button>
              ) : null}
            </article>
          </div>
          {confirming ? (
            <p className="billing-loading" role="status">
              <Spinner size="sm" decorative /> Confirming your payment with Stripe…
            </p>
          ) : null}
          <p className="billing-secure">Payments are handled by Stripe in a small window; your card never reaches this server.</p>
        </div>
      )}

      <div className="plan-table__frame">
        <table className="plan-table">
          <caption className="plan-table__caption">What Free allows and what Pro adds</caption>
          <thead>
            <tr>
              <th scope="col">Feature</th>
              <th scope="col" aria-current={pro ? undefined : 'true'}>
                Free
              </th>
              <th scope="col" aria-current={pro ? 'true' : undefined}>
                Pro
              </th>
            </tr>
          </thead>
          <tbody>
            {features(freeMessages).map((feature) => (
              <tr key={feature.name}>
                <th scope="row">{feature.name}</th>
                <td>{feature.free}</td>
                <td>{feature.pro}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {state && !state.enabled ? <PlansManagedHere contact={state.contact} pro={pro} /> : null}

      <ConfirmDialog
        open={cancelOpen}
        onClose={() => setCancelOpen(false)}
        title="Cancel your subscription?"
        description={
          subscription?.renewsAt
            ? `You keep Pro until ${dateOf(subscription.renewsAt)}; nothing is charged after that.`
            : 'You keep Pro until the end of the period you paid for.'
        }
        keepLabel="Keep Pro"
        confirmLabel="Cancel at period end"
        busyLabel="Cancelling…"
        onConfirm={cancel}
      >
        {cancelError ? (
          <p className="notice notice--error" role="alert">
            {cancelError}
          </p>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
