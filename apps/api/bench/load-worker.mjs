// The load generator of listen-path-bench.ts, on a thread of its own so its work does not share
// the servers' event loop. Plain JavaScript: a worker thread loads it without the TypeScript loader.
// It warms each target up, then loads the targets in turn, round after round, so that a machine
// whose other load comes and goes weighs on every target alike. Its last message is the results;
// `{settle: true}` before that asks the parent to finish a target's leftover work (settle()).
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { targets, connections, warmUpMs, phaseMs, rounds } = workerData;
const agent = new Agent({ keepAlive: true, maxSockets: connections * targets.length });
let sequence = 0;

/** One request, its whole body read; resolves with the status. */
function once(target) {
  return new Promise((resolve, reject) => {
    const headers = { 'accept-encoding': 'identity' };
    // Tracking counts one listen per visitor: each request is a new address.
    if (target.forwardedFor) headers['x-forwarded-for'] = `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence++ & 255}`;
    const outgoing = request(
      { agent, host: target.url.hostname, port: target.url.port, path: target.url.pathname + target.url.search, headers },
      (response) => {
        response.on('data', () => {});
        response.on('end', () => resolve(response.statusCode));
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** `connections` clients for `ms`; latencies of requests that both started and ended inside it. */
async function phase(target, ms, record) {
  const end = performance.now() + ms;
  async function connection() {
    for (;;) {
      const before = performance.now();
      if (before >= end) return;
      const status = await once(target);
      const after = performance.now();
      if (record && after <= end) {
        if (status >= 400) record.failures++;
        record.latencies.push(after - before);
      }
    }
  }
  await Promise.all(Array.from({ length: connections }, connection));
}

/**
 * For a target that leaves work behind (listens written in a batch after the answers): the
 * server's thread finishes it before the next phase starts, and the time it takes counts as
 * that target's, so it never weighs on the next target's phase instead.
 */
function settle() {
  return new Promise((resolve) => {
    parentPort.once('message', resolve);
    parentPort.postMessage({ settle: true });
  });
}

const parsed = targets.map((target) => ({ ...target, url: new URL(target.url) }));
const records = parsed.map(() => ({ latencies: [], failures: 0, settleMs: 0 }));
for (const target of parsed) {
  await phase(target, warmUpMs, null);
  if (target.settles) await settle();
}
for (let round = 0; round < rounds; round++) {
  for (const [index, target] of parsed.entries()) {
    await phase(target, phaseMs, records[index]);
    if (!target.settles) continue;
    const started = performance.now();
    await settle();
    records[index].settleMs += performance.now() - started;
  }
}
agent.destroy();
parentPort.postMessage(
  records.map(({ latencies, failures, settleMs }) => {
    latencies.sort((left, right) => left - right);
    const at = (share) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0;
    const seconds = (rounds * phaseMs + settleMs) / 1000;
    return { requests: latencies.length, perSecond: latencies.length / seconds, p50: at(0.5), p99: at(0.99), failures, settleMs };
  }),
);
