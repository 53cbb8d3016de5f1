import './redeem-page.css';
import { useSetAtom } from 'jotai';
import { useContext, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { CouponResponse } from '@vocal/settings-model';
import { Button, ButtonLink, TextField } from '@vocal/ui-kit';
import { RouteParamsContext } from '../routes/route-params.ts';
import { userAtom } from '../session/session-state.ts';
import { webApi } from '../session/web-api.ts';

/** The server's refusal as a sentence for the field: "coupon: enter a coupon code" → "Enter a coupon code". */
function fieldMessage(message: string): string {
  const text = message.replace(/^coupon: /, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** 25 December 2026, in the reader's own language. */
const dateInWords = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });

function RedeemResult({ result }: { result: CouponResponse }) {
  if (result.kind === 'plan') {
    return (
      <section className="redeem-result" role="status" aria-labelledby="redeem-result-title">
        <h2 id="redeem-result-title" className="redeem-result__title">
          You have {result.planName} until {dateInWords(result.until)}
        </h2>
        <p>
          The coupon {result.coupon} gave your account {result.days} {result.days === 1 ? 'day' : 'days'} of {result.planName}. It returns
          to your own plan by itself when they end.
        </p>
        <div className="redeem-result__actions">
          <ButtonLink href="/record">Record a message</ButtonLink>
          <Link href="/upgrade" className="redeem-result__link">
            See what {result.planName} includes
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section className="redeem-result" role="status" aria-labelledby="redeem-result-title">
      <h2 id="redeem-result-title" className="redeem-result__title">
        {result.discount} of Pro
      </h2>
      <p>The code {result.coupon} is valid. Choose monthly or yearly on the next page; the discount is taken at checkout.</p>
      <div className="redeem-result__actions">
        <ButtonLink href={result.next}>Continue to checkout</ButtonLink>
      </div>
    </section>
  );
}

/** /redeem/:code (a link in a mail or a post) and /redeem: the code, prefilled when the link has one. */
export default function RedeemPage() {
  const fromLink = useContext(RouteParamsContext).code ?? '';
  const setUser = useSetAtom(userAtom);
  const [code, setCode] = useState(fromLink);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<CouponResponse | null>(null);

  async function redeem() {
    if (!code.trim()) return setError('Enter a coupon code');
    setError(null);
    const answer = await webApi().redeemCoupon(code.trim());
    if (!answer.ok) return setError(fieldMessage(answer.error.msg));
    setResult(answer.data);
    // The plan shows everywhere at once (the menu, limits, settings).
    if (answer.data.kind === 'plan') {
      const account = await webApi().getAccount();
      if (account.ok) setUser(account.data);
    }
  }

  return (
    <section className="settings-page" aria-labelledby="redeem-title">
      <header className="page-header">
        <div>
          <h1 id="redeem-title" className="page-header__title">
            Redeem a coupon
          </h1>
          <p className="page-header__meta">A coupon gives your account Pro for a while, or takes money off a Pro subscription.</p>
        </div>
      </header>
      {result ? (
        <RedeemResult result={result} />
      ) : (
        <form className="redeem-form" onSubmit={(event: FormEvent) => event.preventDefault()} noValidate aria-label="Redeem a coupon">
          <TextField
            className="redeem-form__code"
            label="Coupon code"
            name="coupon"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={64}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setError(null);
            }}
            error={error ?? undefined}
            required
          />
          <div>
            <Button
              type="submit"
              loadingLabel="Redeeming…"
              onClick={(event) => {
                event.preventDefault();
                return redeem();
              }}
            >
              Redeem
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
