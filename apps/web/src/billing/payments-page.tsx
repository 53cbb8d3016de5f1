import './billing.css';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { paymentStatusLabel, type Payment } from '@vocal/settings-model';
import { Spinner } from '@vocal/ui-kit';
import { webApi } from '../session/web-api.ts';
import { SettingsFrame } from '../settings/settings-frame.tsx';

type Load = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; payments: Payment[] };

/** The amount as money in its currency (the server sends cents; the schema has divided them). */
export function formatAmount(payment: Pick<Payment, 'amount' | 'currency'>): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency: payment.currency }).format(payment.amount);
  } catch {
    return `${payment.amount.toFixed(2)} ${payment.currency}`;
  }
}

const dateOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });

/** /settings/payments, "Payment History": each invoice Stripe reported, newest first. */
export default function PaymentsPage() {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  useEffect(() => {
    let current = true;
    void webApi()
      .getPayments()
      .then((result) => {
        if (!current) return;
        setLoad(result.ok ? { kind: 'ready', payments: result.data.payments } : { kind: 'failed', message: result.error.msg });
      });
    return () => {
      current = false;
    };
  }, []);

  return (
    <SettingsFrame title="Payment History" description="Every payment for your plan, with its receipt.">
      {load.kind === 'loading' ? (
        <p className="billing-loading">
          <Spinner size="sm" decorative /> Loading your payments…
        </p>
      ) : load.kind === 'failed' ? (
        <p className="notice" role="alert">
          Your payments could not be loaded: {load.message}
        </p>
      ) : load.payments.length === 0 ? (
        <div className="billing-empty">
          <h2 className="settings-page__heading">No payments yet</h2>
          <p>
            Payments appear here once you subscribe to Pro. <Link href="/upgrade">See the plans</Link>
          </p>
        </div>
      ) : (
        <div className="plan-table__frame">
          <table className="plan-table payments-table">
            <caption className="plan-table__caption">Your payments, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
                <th scope="col">Receipt</th>
              </tr>
            </thead>
            <tbody>
              {load.payments.map((payment, index) => (
                <tr key={`${payment.date}-${index}`}>
                  <th scope="row">{dateOf(payment.date)}</th>
                  <td>{formatAmount(payment)}</td>
                  <td>
                    <span className={`payment-status payment-status--${payment.paid ? 'paid' : 'unpaid'}`}>
                      {paymentStatusLabel(payment)}
                    </span>
                  </td>
                  <td>
                    {payment.receipt ? (
                      <a href={payment.receipt} target="_blank" rel="noreferrer" className="payments-table__receipt">
                        {payment.paid ? 'Receipt' : 'Pay or view'}
                        <span className="vk-visually-hidden"> for {dateOf(payment.date)} (opens in a new tab)</span>
                      </a>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </SettingsFrame>
  );
}
