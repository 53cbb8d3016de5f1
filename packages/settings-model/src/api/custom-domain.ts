import { z } from 'zod';

/**
 * Whether a custom domain routes to this server, as a DNS check found it:
 * - `points-here`: a CNAME to our host, or only our host's addresses;
 * - `points-elsewhere`: a CNAME or addresses that are not ours;
 * - `no-records`: the name exists but has no CNAME, A or AAAA record;
 * - `not-found`: the name does not exist (NXDOMAIN);
 * - `unanswered`: the DNS servers did not answer (timeout, SERVFAIL, refused).
 * What a name resolves to is never said.
 */
export const domainCheckStatusSchema = z.enum(['points-here', 'points-elsewhere', 'no-records', 'not-found', 'unanswered']);
export type DomainCheckStatus = z.infer<typeof domainCheckStatusSchema>;

/**
 * Where an account's custom domain stands:
 * - `none`: no domain saved;
 * - `pending`: saved, not yet proven by DNS; links use this server's address, and the claim is
 *   dropped at `pendingUntil` if DNS has not proven it by then;
 * - `held`: DNS proved it this account's (a CNAME here and the proof TXT record): new links use it;
 * - `lost`: held, but the daily check found it no longer pointing here (`lostAt`): new links use
 *   this server's address until a check finds it pointing here again.
 */
export const customDomainStatusSchema = z.enum(['none', 'pending', 'held', 'lost']);
export type CustomDomainStatus = z.infer<typeof customDomainStatusSchema>;

const dnsRecordSchema = z.object({ type: z.enum(['CNAME', 'TXT']), name: z.string(), value: z.string() });
export type DnsRecordToCreate = z.infer<typeof dnsRecordSchema>;

/** GET account/domain: the account's custom domain, where it stands, and the records to create. */
export const customDomainStateSchema = z.object({
  /** The host name the CNAME names; null when this server has no name (its address is an IP): custom domains need one. */
  target: z.string().nullable(),
  domain: z.string().nullable(),
  status: customDomainStatusSchema,
  /** The CNAME (routing) and the TXT record (proof) for the saved domain; empty without one or without a target. */
  records: z.array(dnsRecordSchema),
  /** ISO dates: when an unproven claim is dropped, when DNS proved it, when the daily check lost it, when it was last checked. */
  pendingUntil: z.string().nullable(),
  heldSince: z.string().nullable(),
  lostAt: z.string().nullable(),
  checkedAt: z.string().nullable(),
});
export type CustomDomainState = z.infer<typeof customDomainStateSchema>;

/** POST account/domain/check: whether the saved domain points here and is proven, in words, and where it now stands. */
export const domainCheckSchema = z.object({
  domain: z.string(),
  status: domainCheckStatusSchema,
  /** The proof TXT record holds this account's value. */
  proven: z.boolean(),
  /** The outcome in words, for the person who set the records up. */
  message: z.string(),
  state: customDomainStateSchema,
});
export type DomainCheck = z.infer<typeof domainCheckSchema>;
