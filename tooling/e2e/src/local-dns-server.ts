import { createSocket } from 'node:dgram';
import * as dnsPacket from 'dns-packet';

/** One name's records; a name absent from the zone is NXDOMAIN, a name with none of these NODATA. */
export type DnsRecords = { cname?: string; a?: string[]; aaaa?: string[]; txt?: string[] };
export type DnsZone = Record<string, DnsRecords>;

export type LocalDnsServer = {
  /** 127.0.0.1:port, for DNS_SERVERS. */
  address: string;
  /** The served records, by lower-case name: change them between queries as a test needs. */
  zone: DnsZone;
  close(): Promise<void>;
};

const NXDOMAIN = 3;
const TTL = 1;

/** What a real authoritative server answers for `name`/`type`: a CNAME and the chain behind it, or the records asked for. */
function answersFor(zone: DnsZone, name: string, type: string, depth = 0): dnsPacket.Answer[] | null {
  const records = zone[name.toLowerCase()];
  if (!records) return null;
  if (records.cname && depth < 8) {
    const alias: dnsPacket.Answer = { type: 'CNAME', name, ttl: TTL, class: 'IN', data: records.cname };
    if (type === 'CNAME') return [alias];
    return [alias, ...(answersFor(zone, records.cname, type, depth + 1) ?? [])];
  }
  if (type === 'A') return (records.a ?? []).map((data) => ({ type: 'A', name, ttl: TTL, class: 'IN', data }));
  if (type === 'AAAA') return (records.aaaa ?? []).map((data) => ({ type: 'AAAA', name, ttl: TTL, class: 'IN', data }));
  if (type === 'TXT') return (records.txt ?? []).map((data) => ({ type: 'TXT', name, ttl: TTL, class: 'IN', data: [data] }));
  return [];
}

/**
 * A DNS server on a free UDP port of 127.0.0.1 answering from `zone`: enough of the protocol
 * for Node's resolver (CNAME, A, AAAA, TXT, NXDOMAIN and NODATA), so DNS checks are tested against
 * real packets rather than a mocked resolver.
 */
export async function startLocalDnsServer(zone: DnsZone = {}): Promise<LocalDnsServer> {
  const socket = createSocket('udp4');
  socket.on('message', (message, peer) => {
    let query: dnsPacket.DecodedPacket;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    const [question] = query.questions ?? [];
    if (!question) return;
    const answers = answersFor(zone, question.name, question.type);
    const response = dnsPacket.encode({
      type: 'response',
      id: query.id,
      flags: dnsPacket.AUTHORITATIVE_ANSWER | ((query.flags ?? 0) & dnsPacket.RECURSION_DESIRED) | (answers === null ? NXDOMAIN : 0),
      questions: [question],
      answers: answers ?? [],
    });
    socket.send(response, peer.port, peer.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => resolve());
  });
  return {
    address: `127.0.0.1:${socket.address().port}`,
    zone,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
