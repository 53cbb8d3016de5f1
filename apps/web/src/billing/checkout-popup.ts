import { PAYMENT_POPUP, paymentCompleteMessageSchema, TIMINGS } from '@vocal/settings-model';

export const CHECKOUT_WINDOW_NAME = 'vocal-checkout';

/** The popup's features: 384×782 (spec sections 4 and 9), centred over this window. */
function popupFeatures(): string {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - PAYMENT_POPUP.width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - PAYMENT_POPUP.height) / 2));
  return `popup=yes,width=${PAYMENT_POPUP.width},height=${PAYMENT_POPUP.height},left=${left},top=${top}`;
}

/**
 * Opened in the click itself, before the checkout address is known: a window opened after an
 * awaited request may be blocked as a popup nobody asked for. Null when the browser refused.
 */
export function openBlankCheckoutWindow(): Window | null {
  return window.open('about:blank', CHECKOUT_WINDOW_NAME, popupFeatures());
}

/**
 * Shows Stripe Checkout in `popup` and resolves when it is over: /static/payment-success reported
 * back (a message from our own origin, parsed), or the person closed the window (checked every
 * 1500 ms). Without a popup the checkout replaces this page and success comes back to /upgrade.
 */
export function runCheckout(popup: Window | null, checkoutUrl: string): Promise<'reported' | 'closed'> {
  if (!popup || popup.closed) {
    window.location.assign(checkoutUrl);
    return new Promise(() => {});
  }
  popup.location.href = checkoutUrl;
  return new Promise((resolve) => {
    const finish = (how: 'reported' | 'closed') => {
      window.clearInterval(poll);
      window.removeEventListener('message', onMessage);
      resolve(how);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== popup) return;
      if (!paymentCompleteMessageSchema.safeParse(event.data).success) return;
      finish('reported');
    };
    window.addEventListener('message', onMessage);
    const poll = window.setInterval(() => {
      if (popup.closed) finish('closed');
    }, TIMINGS.popupClosePollMs);
  });
}
