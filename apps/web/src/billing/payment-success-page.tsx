import './billing.css';
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import type { PaymentCompleteMessage } from '@vocal/settings-model';

/**
 * /static/payment-success: where Stripe Checkout returns after paying. In the checkout popup it
 * tells the window that opened it (our own origin only) and closes; opened any other way (a
 * blocked popup, the Google Meet add-on's tab) it says what happened and where to go next.
 */
export default function PaymentSuccessPage() {
  const query = new URLSearchParams(useSearch());
  const meet = query.get('surface') === 'meet';
  const [closing, setClosing] = useState(false);

  useEffect(() => {
    const opener = window.opener as Window | null;
    if (!opener || opener.closed) return;
    const message: PaymentCompleteMessage = { type: 'vocal:payment-complete', sessionId: query.get('session_id') };
    try {
      opener.postMessage(message, window.location.origin);
    } catch {
      // The opener went elsewhere (another origin): the closed window is its signal instead.
    }
    setClosing(true);
    window.close();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);

  return (
    <section className="payment-success" aria-labelledby="payment-success-title">
      <h1 id="payment-success-title" className="payment-success__title">
        Thank you: your payment went through
      </h1>
      {closing ? (
        <p>This window closes by itself; your account shows Pro in a moment.</p>
      ) : meet ? (
        <p>Go back to Google Meet and open the Vocal add-on again: it shows Pro as soon as Stripe has confirmed the payment.</p>
      ) : (
        <p>Your account shows Pro as soon as Stripe has confirmed the payment, usually within seconds.</p>
      )}
      {meet ? null : (
        <p>
          <a href="/upgrade">See your plan</a>
        </p>
      )}
    </section>
  );
}
