import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { DomainCheckStatus } from '@vocal/settings-model';
import type { Config } from '../env.ts';

type Lookup = { kind: 'found'; values: string[] } | { kind: 'not-found' } | { kind: 'no-records' } | { kind: 'unanswered' };

const bare = (host: string) => host.trim().toLowerCase().replace(/\.$/, '');

/**
 * Names that only exist inside a network (RFC 6762 .local, RFC 8375 .home.arpa, ICANN's
 * .internal, and the customary .lan and .corp): never a custom domain, and never looked up, so
 * the check cannot be used to learn what an internal resolver knows.
 */
const INTERNAL_SUFFIXES = ['internal', 'local', 'lan', 'corp', 'home.arpa', 'localhost', 'localdomain', 'intranet', 'private'];

/** Whether `domain` is a name that cannot be on the public internet: an internal suffix, one label, or an IP address. */
export function isInternalName(domain: string): boolean {
  const name = bare(domain);
  if (isIP(name.replace(/^\[|\]$/g, ''))) return true;
  if (!name.includes('.')) return true;
  return INTERNAL_SUFFIXES.some((suffix) => name === suffix || name.endsWith(`.${suffix}`));
}

export const INTERNAL_NAME_REFUSAL = 'domain: names inside a network (.internal, .local, .lan, .corp, .home.arpa) cannot be custom domains';

/**
 * The host a custom domain's CNAME must name: CUSTOM_DOMAIN_TARGET, else the host of PUBLIC_URL.
 * Null when that host is an IP address: a CNAME names a host, so custom domains need the server
 * to have a name.
 */
export function customDomainTarget(config: Pick<Config, 'publicUrl' | 'customDomain'>): string | null {
  const host = config.customDomain.target ?? new URL(config.publicUrl).hostname.replace(/^\[|\]$/g, '');
  return isIP(host) ? null : host;
}

/** The TXT record that proves a domain is this account's: its name and the value to put in it. */
export const proofRecordName = (domain: string) => `_vocal-verify.${bare(domain)}`;
export const proofRecordValue = (token: string) => `vocal-verify=${token}`;

export type RoutingCheck = { status: DomainCheckStatus };

/**
 * DNS lookups for custom domains with Node's resolver (DNS_SERVERS when set, else the system's).
 * Each answer says only whether the name points here (a CNAME naming the target, or A/AAAA
 * records that are all among the target's own) and whether a proof record is present: never
 * what a name resolves to, which through an internal resolver would tell an outsider about the
 * inside of a network.
 */
export function createDomainCheck(config: Pick<Config, 'publicUrl' | 'customDomain'>) {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (config.customDomain.dnsServers) resolver.setServers(config.customDomain.dnsServers);

  const lookup = async (query: () => Promise<string[]>): Promise<Lookup> => {
    try {
      return { kind: 'found', values: (await query()).map(bare) };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'EUNKNOWN';
      if (code === 'ENOTFOUND') return { kind: 'not-found' };
      if (code === 'ENODATA') return { kind: 'no-records' };
      return { kind: 'unanswered' };
    }
  };

  /** The A and AAAA addresses of a host, or why there are none. */
  const addressesOf = async (host: string): Promise<Lookup> => {
    const [v4, v6] = await Promise.all([lookup(() => resolver.resolve4(host)), lookup(() => resolver.resolve6(host))]);
    const values = [...(v4.kind === 'found' ? v4.values : []), ...(v6.kind === 'found' ? v6.values : [])];
    if (values.length > 0) return { kind: 'found', values };
    return v4.kind === 'unanswered' || v4.kind === 'not-found' ? v4 : v6;
  };

  return {
    /** Whether `domain` routes to the target. The domain must not be an internal name (checked by the caller). */
    async routing(domain: string, target: string): Promise<RoutingCheck> {
      const cnames = await lookup(() => resolver.resolveCname(domain));
      if (cnames.kind === 'not-found') return { status: 'not-found' };
      if (cnames.kind === 'unanswered') return { status: 'unanswered' };
      const cname = cnames.kind === 'found' ? (cnames.values[0] ?? null) : null;
      if (cname === bare(target)) return { status: 'points-here' };
      const [own, ours] = await Promise.all([addressesOf(domain), addressesOf(target)]);
      const addresses = own.kind === 'found' ? own.values : [];
      const targetAddresses = ours.kind === 'found' ? ours.values : [];
      if (addresses.length > 0 && addresses.every((address) => targetAddresses.includes(address))) return { status: 'points-here' };
      if (cname || addresses.length > 0) return { status: 'points-elsewhere' };
      if (own.kind === 'unanswered') return { status: 'unanswered' };
      return { status: 'no-records' };
    },

    /** Whether the domain's proof record holds `value`. */
    async proven(domain: string, value: string): Promise<boolean> {
      try {
        const records = await resolver.resolveTxt(proofRecordName(domain));
        return records.some((chunks) => chunks.join('').trim() === value);
      } catch {
        return false;
      }
    },
  };
}

export type DomainCheckService = ReturnType<typeof createDomainCheck>;
