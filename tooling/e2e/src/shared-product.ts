import { startProduct } from './product.ts';
import { startStripeStandIn } from './stripe-stand-in.ts';

/** What a test file gets of the server its neighbours share: an address and its data folder. */
export type SharedProduct = {
  url: string;
  port: number;
  dataDir: string;
  /** The local Stripe stand-in the server bills through (stripe-stand-in.ts): its hosted checkout, and seedStandInPromotionCode. */
  stripeUrl: string;
};

/**
 * Environment of a shared server. TRUST_PROXY lets a file give each of its visitors an address
 * of their own (X-Forwarded-For), and the visitor limit is raised because every file posts
 * from 127.0.0.1 to the same server.
 */
const SHARED_ENV = { TRUST_PROXY: 'true', VISITOR_RATE_LIMIT: '10000' };

/**
 * For a test runner's global setup: one product server for every browser-test file that needs
 * nothing special of its server (no SMTP sink, transcriber, DNS server, sign-up policy or
 * restarts). Billing is on, against a local Stripe stand-in. A start from source costs ~6 s of CPU (tsx, PGlite); shared, a suite pays it
 * once instead of once per file. Files keep their data apart by signing up their own accounts.
 */
export async function startSharedProduct(): Promise<{ product: SharedProduct; stop(): Promise<void> }> {
  // Billing on, through a local Stripe stand-in started first (its address goes in STRIPE_API_URL);
  // it learns the webhook address once the server has its port. No trial, so accounts start plain Free.
  const stripe = await startStripeStandIn();
  const product = await startProduct({ env: { ...SHARED_ENV, ...stripe.env() } });
  stripe.deliverTo(`${product.url}/api/stripe/webhook`);
  return {
    product: { url: product.url, port: product.port, dataDir: product.dataDir, stripeUrl: stripe.url },
    stop: async () => {
      await product.stop();
      await stripe.close();
    },
  };
}
