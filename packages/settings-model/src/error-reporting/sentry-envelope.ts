import type { SentryDsn } from './sentry-dsn.ts';
import type { SentryEvent, SentryFeedbackEvent } from './sentry-event.ts';
import { scrubEvent } from './scrub-event.ts';

export type EnvelopeItem = { type: 'event'; payload: SentryEvent } | { type: 'feedback'; payload: SentryFeedbackEvent };

export type EnvelopeHeader = { event_id: string; sent_at: string; dsn: string };

/** Parsed back: what a sink (or a test) reads from the wire. */
export type ParsedEnvelope = {
  header: Record<string, unknown>;
  items: { header: Record<string, unknown>; payload: unknown }[];
};

/**
 * One item in Sentry's envelope format: the envelope header line {event_id, sent_at, dsn},
 * the item header line {type, length}, then the payload as JSON, each ending in a newline.
 * The payload is scrubbed here (emails and tokens masked, values cut), on both sides alike.
 */
export function serializeEnvelope(dsn: SentryDsn, item: EnvelopeItem, now = new Date()): string {
  const payload = JSON.stringify(scrubEvent(item.payload));
  const header: EnvelopeHeader = { event_id: item.payload.event_id, sent_at: now.toISOString(), dsn: dsn.dsn };
  const itemHeader = { type: item.type, content_type: 'application/json', length: new TextEncoder().encode(payload).length };
  return `${JSON.stringify(header)}\n${JSON.stringify(itemHeader)}\n${payload}\n`;
}

/**
 * Reads an envelope: header line, then items whose payload is `length` bytes when the item
 * header says so, else the rest of the line. Throws on anything malformed.
 */
export function parseEnvelope(bytes: Uint8Array): ParsedEnvelope {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let offset = 0;
  const readLine = (): string | null => {
    if (offset >= bytes.length) return null;
    let end = bytes.indexOf(0x0a, offset);
    if (end === -1) end = bytes.length;
    const line = decoder.decode(bytes.subarray(offset, end));
    offset = end + 1;
    return line;
  };
  const readObject = (text: string | null, what: string): Record<string, unknown> => {
    const value: unknown = JSON.parse(text ?? 'null');
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`The ${what} is not a JSON object`);
    return value as Record<string, unknown>;
  };
  const header = readObject(readLine(), 'envelope header');
  const items: ParsedEnvelope['items'] = [];
  for (let line = readLine(); line !== null; line = readLine()) {
    if (line === '') continue;
    const itemHeader = readObject(line, 'item header');
    let payloadText: string;
    if (typeof itemHeader.length === 'number') {
      payloadText = decoder.decode(bytes.subarray(offset, offset + itemHeader.length));
      offset += itemHeader.length + 1;
    } else {
      payloadText = readLine() ?? '';
    }
    items.push({ header: itemHeader, payload: JSON.parse(payloadText) });
  }
  return { header, items };
}
