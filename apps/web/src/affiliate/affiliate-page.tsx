import './affiliate-page.css';
import { useEffect, useState } from 'react';
import type { AffiliateResponse } from '@vocal/settings-model';
import { CopyLinkField } from '@vocal/ui-kit';
import { SettingsFrame, SettingsGroup } from '../settings/settings-frame.tsx';
import { webApi } from '../session/web-api.ts';

/** Cents in the currency's own format: 1200 usd → $12.00. */
function money(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

const DESCRIPTION = 'Your referral link, what it has brought, and what you have earned.';

/** Settings → Affiliate (GET /affiliate): the link with a copy button, the four figures and how it works. */
export default function AffiliatePage() {
  const [figures, setFigures] = useState<AffiliateResponse | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void webApi()
      .getAffiliate()
      .then((result) => {
        if (!live) return;
        if (result.ok) setFigures(result.data);
        else setFailed(result.error.msg);
      });
    return () => {
      live = false;
    };
  }, []);

  if (!figures) {
    return (
      <SettingsFrame title="Affiliate" description={DESCRIPTION}>
        <p className="page-state" role={failed ? 'alert' : 'status'}>
          {failed ? `Your figures could not be loaded: ${failed} Reload the page to try again.` : 'Loading your figures…'}
        </p>
      </SettingsFrame>
    );
  }
  const { commission } = figures;
  const items = [
    { label: 'Clicks', value: String(figures.clicks), id: 'clicks' },
    { label: 'Sign-ups', value: String(figures.signups), id: 'signups' },
    { label: 'Paying', value: String(figures.paying), id: 'paying' },
    { label: 'Commission', value: money(commission.amount, commission.currency), id: 'commission' },
  ];

  return (
    <SettingsFrame title="Affiliate" description={DESCRIPTION}>
      <SettingsGroup title="Your link" hint="Share it anywhere: a post, a newsletter, your email signature.">
        <CopyLinkField url={figures.link} label="Your referral link" />
      </SettingsGroup>
      <SettingsGroup title="So far">
        <dl className="affiliate-figures">
          {items.map((item) => (
            <div key={item.id} className="affiliate-figures__item" data-testid={`affiliate-${item.id}`}>
              <dt className="affiliate-figures__label">{item.label}</dt>
              <dd className="affiliate-figures__value">{item.value}</dd>
            </div>
          ))}
        </dl>
      </SettingsGroup>
      <SettingsGroup title="How it works">
        <ol className="affiliate-steps">
          <li>Someone opens your link. Each person counts as one click a day.</li>
          <li>Your link is remembered in their browser for 60 days. If they make an account in that time, they are your sign-up.</li>
          <li>
            {commission.percent > 0
              ? `When they pay for Pro, they count as paying, and you earn ${commission.percent}% of what they pay in the year after their first payment.`
              : 'When they pay for Pro, they count as paying. This server pays no commission.'}
          </li>
        </ol>
        {commission.percent > 0 ? (
          <p className="settings-page__hint">Commission is paid out by the people who run this service: write to them when you want it.</p>
        ) : null}
      </SettingsGroup>
    </SettingsFrame>
  );
}
