import { z } from 'zod';

/**
 * What a DNS check of the account's custom domain found:
 * - `points-here`: a CNAME to our host, or the same addresses as our host;
 * - `points-elsewhere`: a CNAME or addresses that are not ours;
 * - `no-records`: the name exists but has no CNAME, A or AAAA record;
 * - `not-found`: the name does not exist (NXDOMAIN);
 * - `unanswered`: the DNS servers did not answer (timeout, SERVFAIL, refused).
 */
export const domainCheckStatusSchema = z.enum(['points-here', 'points-elsewhere', 'no-records', 'not-found', 'unanswered']);
export type DomainCheckStatus = z.infer<typeof domainCheckStatusSchema>;

/** POST account/domain/check: the check of the saved domain, and what to create. */
export const domainCheckSchema = z.object({
  domain: z.string(),
  /** The host the CNAME must name. */
  target: z.string(),
  status: domainCheckStatusSchema,
  /** The name's CNAME when it has one. */
  cname: z.string().nullable(),
  /** The A and AAAA addresses the name resolves to. */
  addresses: z.array(z.string()),
  /** The outcome in words, for the person who set the record up. */
  message: z.string(),
});
export type DomainCheck = z.infer<typeof domainCheckSchema>;

/** GET account/domain: the record to create for a custom domain, whichever domain is typed. */
export const domainTargetSchema = z.object({ target: z.string() });
export type DomainTarget = z.infer<typeof domainTargetSchema>;
