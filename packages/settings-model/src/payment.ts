import { z } from 'zod';
import { PRICES } from './constants.ts';

/** A payment or invoice. The server sends cents; the client sees the amount (spec section 3). */
export const paymentSchema = z
  .object({
    paid: z.boolean(),
    date: z.string(),
    receipt: z.string().nullable().default(null),
    currency: z.string().default(PRICES.currency),
    amount: z.number().int(),
  })
  .transform((payment) => ({ ...payment, amount: payment.amount / 100 }));
export type Payment = z.output<typeof paymentSchema>;
export type PaymentWire = z.input<typeof paymentSchema>;

export const paymentsResponseSchema = z.object({ payments: z.array(paymentSchema) });

/** "Paid" or "Unpaid" (spec section 4). */
export function paymentStatusLabel(payment: Pick<Payment, 'paid'>): 'Paid' | 'Unpaid' {
  return payment.paid ? 'Paid' : 'Unpaid';
}
