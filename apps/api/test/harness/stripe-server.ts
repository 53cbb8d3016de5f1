/**
 * The local Stripe stand-in (tooling/e2e/src/stripe-stand-in.ts), where the API's tests find
 * it: the web app's browser tests start the same one before their shared product server.
 */
export { parseStripeForm, STAND_IN_PRICES, startStripeStandIn, type StripeStandIn } from '@vocal/e2e';
