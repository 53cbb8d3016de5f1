import Stripe from 'stripe';
import type { BillingConfig } from '../env.ts';

/**
 * The official library, pointed at STRIPE_API_URL when set (the tests' local stand-in, or a
 * proxy). Telemetry off: nothing but the calls themselves leaves the server.
 */
export function createStripeClient(config: BillingConfig): Stripe {
  const target = config.apiUrl ? new URL(config.apiUrl) : null;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Vocal' },
    ...(target
      ? {
          host: target.hostname.replace(/^\[|\]$/g, ''),
          port: target.port || (target.protocol === 'https:' ? 443 : 80),
          protocol: target.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}
