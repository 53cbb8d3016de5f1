import { lookup } from 'node:dns/promises';
import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** Networks a webhook may not reach unless the operator allows it: a delivery must not become a probe of ours. */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b:1::', 48],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

export type ResolvedAddress = { address: string; family: 4 | 6 };

export class WebhookAddressError extends Error {}

export const PRIVATE_ADDRESS_REFUSED =
  'points to a private, loopback or link-local network address: webhooks go to public addresses only (the operator may allow private ones with WEBHOOK_ALLOW_PRIVATE)';
export const NAME_DOES_NOT_RESOLVE = 'its host name does not resolve';

/** Whether an IP address is in a network a webhook may not reach (IPv4-mapped IPv6 judged as its IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  if (isIPv4(address)) return PRIVATE.check(address, 'ipv4');
  if (isIPv6(address)) return PRIVATE.check(address, 'ipv6');
  return true;
}

/**
 * The address a delivery to `url` connects to: every address the name resolves to must be
 * public (a name with one private address among public ones is refused, as a rebinding trick
 * would make it), and the delivery then connects to the one returned, so the name cannot be
 * resolved again to somewhere else between the check and the request. The message never names
 * the address: it would tell a stranger what internal names resolve to.
 */
export async function resolveWebhookAddress(
  url: URL,
  allowPrivate: boolean,
  resolve: (host: string) => Promise<{ address: string; family: number }[]> = (host) => lookup(host, { all: true, verbatim: true }),
): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let found: { address: string; family: number }[];
  try {
    found = isIPv4(host) || isIPv6(host) ? [{ address: host, family: isIPv4(host) ? 4 : 6 }] : await resolve(host);
  } catch {
    throw new WebhookAddressError(NAME_DOES_NOT_RESOLVE);
  }
  if (found.length === 0) throw new WebhookAddressError(NAME_DOES_NOT_RESOLVE);
  if (!allowPrivate && found.some((entry) => isPrivateAddress(entry.address))) throw new WebhookAddressError(PRIVATE_ADDRESS_REFUSED);
  const first = found[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
