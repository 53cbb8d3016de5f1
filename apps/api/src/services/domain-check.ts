import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { DomainCheck } from '@vocal/settings-model';
import type { Config } from '../env.ts';

/** A DNS lookup that gave no records: the name exists without any (ENODATA) or not at all. */
const NO_RECORDS = new Set(['ENODATA', 'ENOTFOUND']);

type Lookup = { kind: 'found'; values: string[] } | { kind: 'not-found' } | { kind: 'no-records' } | { kind: 'unanswered'; code: string };

const bare = (host: string) => host.trim().toLowerCase().replace(/\.$/, '');

/** The host a custom domain's CNAME must name: CUSTOM_DOMAIN_TARGET, else the host of PUBLIC_URL. */
export function customDomainTarget(config: Pick<Config, 'publicUrl' | 'customDomain'>): string {
  return config.customDomain.target ?? new URL(config.publicUrl).hostname.replace(/^\[|\]$/g, '');
}

/**
 * Resolves a custom domain with Node's resolver (DNS_SERVERS when set, else the system's)
 * and says whether it points at this server: a CNAME naming the target, or A/AAAA records
 * that are all among the target's own. Every outcome is an answer in words, never an error:
 * a name that does not resolve is what the person is here to find out about.
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
      if (NO_RECORDS.has(code)) return { kind: 'no-records' };
      return { kind: 'unanswered', code };
    }
  };

  /** The A and AAAA addresses of a host, or why there are none. */
  const addressesOf = async (host: string): Promise<Lookup> => {
    if (isIP(host)) return { kind: 'found', values: [host] };
    const [v4, v6] = await Promise.all([lookup(() => resolver.resolve4(host)), lookup(() => resolver.resolve6(host))]);
    const values = [...(v4.kind === 'found' ? v4.values : []), ...(v6.kind === 'found' ? v6.values : [])];
    if (values.length > 0) return { kind: 'found', values };
    return v4.kind === 'unanswered' ? v4 : v4.kind === 'not-found' ? v4 : v6;
  };

  return async function check(domain: string): Promise<DomainCheck> {
    const target = customDomainTarget(config);
    const result = (status: DomainCheck['status'], message: string, found: { cname?: string | null; addresses?: string[] } = {}) => ({
      domain,
      target,
      status,
      cname: found.cname ?? null,
      addresses: found.addresses ?? [],
      message,
    });

    const cnames = await lookup(() => resolver.resolveCname(domain));
    if (cnames.kind === 'not-found') {
      return result(
        'not-found',
        `${domain} does not exist in DNS yet. Create the CNAME record below at your DNS provider; a new record can take up to an hour to be seen.`,
      );
    }
    if (cnames.kind === 'unanswered') {
      return result('unanswered', `The DNS servers did not answer for ${domain} (${cnames.code}). Try again in a few minutes.`);
    }
    const cname = cnames.kind === 'found' ? (cnames.values[0] ?? null) : null;
    if (cname === bare(target)) {
      return result('points-here', `${domain} points at ${target}: listen links on ${domain} will reach this server.`, { cname });
    }

    const [own, ours] = await Promise.all([addressesOf(domain), addressesOf(target)]);
    const addresses = own.kind === 'found' ? own.values : [];
    const targetAddresses = ours.kind === 'found' ? ours.values : [];
    if (addresses.length > 0 && addresses.every((address) => targetAddresses.includes(address))) {
      return result(
        'points-here',
        `${domain} resolves to ${addresses.join(', ')}, the same address${addresses.length === 1 ? '' : 'es'} as ${target}: listen links on ${domain} will reach this server.`,
        { cname, addresses },
      );
    }
    if (cname) {
      return result('points-elsewhere', `${domain} is a CNAME for ${cname}, not for ${target}. Change the record's target to ${target}.`, {
        cname,
        addresses,
      });
    }
    if (addresses.length > 0) {
      const ourAddresses = targetAddresses.length > 0 ? ` (which is ${targetAddresses.join(', ')})` : '';
      return result(
        'points-elsewhere',
        `${domain} resolves to ${addresses.join(', ')}, not to ${target}${ourAddresses}. Replace its A or AAAA records with the CNAME record below.`,
        { addresses },
      );
    }
    if (own.kind === 'unanswered') {
      return result('unanswered', `The DNS servers did not answer for ${domain} (${own.code}). Try again in a few minutes.`);
    }
    return result('no-records', `${domain} exists but has no CNAME, A or AAAA record. Create the CNAME record below.`);
  };
}

export type DomainCheckService = ReturnType<typeof createDomainCheck>;
