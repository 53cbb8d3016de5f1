import fc from 'fast-check';
import type { z } from 'zod';
import { uploadContextSchema } from '@vocal/settings-model';
import { HOST_APP_IDS } from '@vocal/settings-model';
import { splitRouteKey, type RouteKnowledge } from './route-catalogue.ts';
import { mutatedFrom, nastyValue, shapedBy } from './schema-arbitrary.ts';

export type FormPart = { name: string; text: string } | { name: string; bytes: Uint8Array; filename: string; type: string };
export type FuzzToken = 'none' | 'valid' | 'malformed' | 'expired' | 'garbage';

/** One generated request: which catalogue route it was made for, and everything it sends. */
export type FuzzRequest = {
  route: string;
  method: string;
  path: string;
  token: FuzzToken;
  headers: Record<string, string>;
  /** `oversized`: a JSON body of that many bytes, made only when sent (thousands would not fit in memory). */
  body?: string | FormPart[] | { oversized: number } | { bytes: Uint8Array };
};

/** What the generator aims at: the ids of real data (so requests reach deep), and real files. */
export type FuzzTargets = {
  recordingIds: string[];
  folderIds: string[];
  commentIds: string[];
  inviteCodes: string[];
  fileKeys: string[];
  reservations: string[];
  mp3: Uint8Array;
  png: Uint8Array;
  /** A decompression bomb: a small PNG of 16000 × 16000 pixels. */
  bomb: Uint8Array;
};

/** Just over the JSON limit (256 KB), and far over it. */
const OVERSIZED_BYTES = [256 * 1024 + 1, 1024 * 1024, 3 * 1024 * 1024];

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'multipart/form-data',
  'application/json; charset=utf-16',
  'application/vnd.api+json',
  'APPLICATION/JSON',
  'application/jsonx',
  'application/xml',
  'image/png',
  ';;;',
];

const RAW_BODIES = [
  '',
  '{',
  '{"a":',
  'null',
  '[]',
  '"text"',
  '\u0000\u0001\u0002',
  '--xyz\r\nContent-Disposition: form-data; name="img"; filename="a.png"\r\n\r\nnot an image\r\n--xyz--',
  '--xyz\r\nbroken',
  'a=1&b=%ZZ',
  `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
  '{"a":1,"a":2}',
  '\uFEFF{}',
];

const NASTY_SEGMENTS = [
  '%E0%A4%A',
  '%00',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '%C0%AE',
  '%F0%9F%98%80',
  '%25',
  '.',
  'a'.repeat(3000),
  'index.html',
];

const nastySegment = fc.oneof(
  fc.constantFrom(...NASTY_SEGMENTS),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
  fc.string({ unit: 'grapheme', maxLength: 10 }).map(encodeURIComponent),
);

function pathArbitrary(template: string, targets: FuzzTargets): fc.Arbitrary<string> {
  const id = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...targets.recordingIds) },
    { weight: 2, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{6,64}$/) },
    { weight: 1, arbitrary: fc.constantFrom(...targets.commentIds, ...targets.folderIds) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: nastySegment },
  );
  const code = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...targets.inviteCodes) },
    { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9]{4,32}$/) },
    { weight: 1, arbitrary: nastySegment },
  );
  const host = fc.oneof(fc.constantFrom(...HOST_APP_IDS), nastySegment);
  const rest = fc
    .array(
      fc.oneof(
        fc.constantFrom('assets', 'app-1234.js', 'index.html', 'manifest.json', 'taskpane.html', 'listen', 'images', '..', ''),
        fc.constantFrom(...targets.fileKeys),
        nastySegment,
      ),
      { maxLength: 4 },
    )
    .map((segments) => segments.join('/'));

  const parts = template.split(/(:[A-Za-z]+|\*)/).filter((part) => part !== '');
  const pieces = parts.map((part) => {
    if (part === ':code') return code;
    if (part === ':host') return host;
    if (part === '*') return rest;
    // :id and any parameter a new route brings.
    if (part.startsWith(':')) return id;
    return fc.constant(part);
  });
  return fc.tuple(...pieces).map((values) => values.join(''));
}

const asQueryValue = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined'));

function queryArbitrary(schema: z.ZodType | null): fc.Arbitrary<string> {
  const shaped = schema ? fc.oneof(shapedBy(schema), mutatedFrom(schema)) : fc.constant({});
  return fc
    .tuple(
      shaped,
      fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string({ maxLength: 20 }), nastyValue.map(asQueryValue)), { maxKeys: 2 }),
      fc.option(fc.constantFrom('&&&', '%E0%A4%A=1', 'a=%ZZ', '=', 'x[]=1&x[]=2', 'url=1&url=2'), { nil: '' }),
    )
    .map(([value, extra, raw]) => {
      const search = new URLSearchParams();
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        for (const [key, item] of Object.entries(value)) search.append(key, asQueryValue(item));
      }
      for (const [key, item] of Object.entries(extra)) search.append(key, item);
      const text = [search.toString(), raw].filter(Boolean).join('&');
      return text ? `?${text}` : '';
    });
}

function jsonBodyArbitrary(schema: z.ZodType | null): fc.Arbitrary<{ body: string | { oversized: number }; type?: string }> {
  const value = schema
    ? fc.oneof(
        { weight: 3, arbitrary: shapedBy(schema) },
        { weight: 5, arbitrary: mutatedFrom(schema) },
        { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
      )
    : fc.jsonValue({ maxDepth: 2 });
  const text = fc.oneof(
    { weight: 8, arbitrary: value.map<string | { oversized: number }>((item) => JSON.stringify(item) ?? 'null') },
    { weight: 2, arbitrary: fc.oneof(fc.constantFrom(...RAW_BODIES), fc.string({ unit: 'binary', maxLength: 200 })) },
    // Every route gets bodies over its limit too (issue 23, finding 1).
    { weight: 1, arbitrary: fc.constantFrom(...OVERSIZED_BYTES).map((oversized) => ({ oversized })) },
  );
  const type = fc.oneof(
    { weight: 8, arbitrary: fc.constant<string | undefined>('application/json') },
    { weight: 1, arbitrary: fc.constant<string | undefined>(undefined) },
    { weight: 2, arbitrary: fc.constantFrom<string | undefined>(...CONTENT_TYPES) },
  );
  return fc.record({ body: text, type });
}

function filePart(name: string, bytes: fc.Arbitrary<Uint8Array>, filename: string, type: string): fc.Arbitrary<FormPart> {
  return fc
    .tuple(
      bytes,
      fc.constantFrom(filename, '', '../../x.mp3', 'a\u0000.png'),
      fc.constantFrom(type, '', 'text/html', 'application/octet-stream'),
    )
    .map(([data, file, mime]) => ({ name, bytes: data, filename: file, type: mime }));
}

function uploadFormArbitrary(targets: FuzzTargets, reservedId: fc.Arbitrary<string>): fc.Arbitrary<FormPart[]> {
  const { mp3, png } = targets;
  const audioBytes = fc.oneof(
    { weight: 3, arbitrary: fc.constant(mp3) },
    { weight: 2, arbitrary: fc.uint8Array({ maxLength: 4096 }) },
    { weight: 1, arbitrary: fc.nat({ max: mp3.length }).map((end) => mp3.slice(0, end)) },
    { weight: 1, arbitrary: fc.uint8Array({ minLength: 1, maxLength: 8192 }).map((junk) => new Uint8Array([...mp3, ...junk])) },
    { weight: 1, arbitrary: fc.constant(new Uint8Array(0)) },
  );
  const imageBytes = fc.oneof(
    fc.constant(png),
    fc.uint8Array({ maxLength: 1024 }),
    fc.constant(png.slice(0, 40)),
    fc.constant(targets.bomb),
  );
  const context = fc.oneof(
    {
      weight: 5,
      arbitrary: fc.tuple(shapedBy(uploadContextSchema), reservedId).map(([value, id]) => JSON.stringify({ ...(value as object), id })),
    },
    { weight: 3, arbitrary: mutatedFrom(uploadContextSchema).map((value) => JSON.stringify(value) ?? '') },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES) },
  );
  return fc
    .tuple(
      fc.option(filePart('recording', audioBytes, 'recording.mp3', 'audio/mpeg'), { freq: 5 }),
      fc.option(filePart('image', imageBytes, 'image.png', 'image/png'), { freq: 4 }),
      fc.option(
        context.map((text) => ({ name: 'context', text })),
        { freq: 6 },
      ),
      fc.array(fc.record({ name: fc.constantFrom('recording', 'image', 'context', 'img', 'x', ''), text: fc.string({ maxLength: 30 }) }), {
        maxLength: 2,
      }),
    )
    .map(([recording, image, contextPart, extra]) =>
      [recording, image, contextPart, ...extra].filter((part): part is FormPart => part !== null),
    );
}

/**
 * upload-vocal's form and address: the reservation's id in the address (?id=) and in the
 * context, mostly the same one (else the upload stops at the mismatch), or only in the context
 * as older clients send it.
 */
function uploadArbitrary(targets: FuzzTargets): fc.Arbitrary<{ body: FormPart[]; search: string }> {
  const anyId = fc.constantFrom(...targets.reservations, ...targets.recordingIds);
  return anyId.chain((id) =>
    fc.record({
      body: uploadFormArbitrary(targets, fc.oneof({ weight: 4, arbitrary: fc.constant(id) }, { weight: 1, arbitrary: anyId })),
      search: fc.oneof(
        { weight: 5, arbitrary: fc.constant(`?id=${id}`) },
        { weight: 2, arbitrary: fc.constant('') },
        { weight: 1, arbitrary: nastySegment.map((nasty) => `?id=${nasty}`) },
      ),
    }),
  );
}

function imageFormArbitrary(targets: FuzzTargets): fc.Arbitrary<FormPart[]> {
  const GIF = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0, 0, 0]);
  const bytes = fc.oneof(
    fc.constant(targets.png),
    fc.constant(GIF),
    fc.uint8Array({ maxLength: 2048 }),
    fc.constant(targets.png.slice(0, 24)),
    fc.constant(new Uint8Array(0)),
    fc.constant(targets.bomb),
  );
  return fc
    .tuple(
      fc.option(filePart('img', bytes, 'avatar.png', 'image/png'), { freq: 5 }),
      fc.option(
        fc.constantFrom('avatar', 'logo').map((text) => ({ name: 'kind', text })),
        { freq: 2 },
      ),
      fc.array(fc.record({ name: fc.constantFrom('img', 'kind', 'x', ''), text: fc.string({ maxLength: 30 }) }), { maxLength: 2 }),
    )
    .map(([image, kind, extra]) => [image, kind, ...extra].filter((part): part is FormPart => part !== null));
}

const RANGES = ['bytes=0-', 'bytes=-0', 'bytes=5-1', 'bytes=999999999-', 'bytes=abc', 'bytes=0-1,2-3', 'bytes=-99999999999999999999'];

const base64 = (text: string) => Buffer.from(text).toString('base64');

/** tus 1.0 requests (src/uploads/): its headers right, wrong and missing, and bytes that are MP3, cut MP3 or noise. */
function tusArbitrary(targets: FuzzTargets): fc.Arbitrary<{ body: { bytes: Uint8Array }; type: string; headers: Record<string, string> }> {
  const ids = [...targets.reservations, ...targets.recordingIds];
  const number = fc.oneof(fc.constantFrom('0', '4096', '-1', '1e9', '', 'x'), fc.nat().map(String));
  const metadata = fc.oneof(
    fc.constantFrom(...ids).map((id) => `recordingId ${base64(id)}`),
    fc.constantFrom('recordingId', 'recordingId !!!', `recordingId ${base64('../../etc/passwd')}`, 'a b,c d', ''),
    fc.string({ maxLength: 40 }),
  );
  const headers = fc.record(
    {
      'tus-resumable': fc.constantFrom('1.0.0', '1.0.0', '0.2.2', 'x'),
      'upload-offset': number,
      'upload-length': number,
      'upload-defer-length': fc.constantFrom('1', '0', 'x'),
      'upload-metadata': metadata,
    },
    { requiredKeys: [] },
  );
  const bytes = fc.oneof(
    fc.nat({ max: targets.mp3.length }).map((end) => targets.mp3.subarray(0, end)),
    fc.nat({ max: targets.mp3.length }).map((start) => targets.mp3.subarray(start)),
    fc.uint8Array({ maxLength: 40_000 }),
  );
  const type = fc.constantFrom('application/offset+octet-stream', 'application/offset+octet-stream', 'text/plain');
  return fc.record({ headers, bytes, type }).map((value) => ({ body: { bytes: value.bytes }, type: value.type, headers: value.headers }));
}

function requestForRoute(key: string, knowledge: RouteKnowledge, targets: FuzzTargets): fc.Arbitrary<FuzzRequest> {
  const { method, path: template } = splitRouteKey(key);
  const input = knowledge.input;
  const methodArbitrary = fc.oneof(
    { weight: 19, arbitrary: fc.constant(method) },
    { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS') },
  );
  const token = knowledge.endsSession
    ? fc.constantFrom<FuzzToken>('none', 'malformed', 'expired', 'garbage')
    : fc.oneof(
        { weight: 8, arbitrary: fc.constant<FuzzToken>('none') },
        { weight: 9, arbitrary: fc.constant<FuzzToken>('valid') },
        { weight: 3, arbitrary: fc.constantFrom<FuzzToken>('malformed', 'expired', 'garbage') },
      );
  const query =
    input.kind === 'query'
      ? queryArbitrary(input.schema)
      : fc.oneof({ weight: 9, arbitrary: fc.constant('') }, { weight: 1, arbitrary: queryArbitrary(null) });
  const body: fc.Arbitrary<{ body?: FuzzRequest['body']; type?: string; search?: string; headers?: Record<string, string> }> =
    input.kind === 'tus'
      ? tusArbitrary(targets)
      : input.kind === 'json'
        ? jsonBodyArbitrary(input.schema)
        : input.kind === 'multipart'
          ? fc.oneof(
              {
                weight: 8,
                arbitrary: input.form === 'upload' ? uploadArbitrary(targets) : imageFormArbitrary(targets).map((form) => ({ body: form })),
              },
              { weight: 2, arbitrary: jsonBodyArbitrary(null) },
            )
          : fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: jsonBodyArbitrary(null) });
  const extraHeaders = fc.record(
    {
      'x-forwarded-for': fc.oneof(fc.ipV4(), fc.constantFrom('127.0.0.1', '::1', 'unknown', '1.1.1.1, 2.2.2.2')),
      range: fc.constantFrom(...RANGES),
      'if-none-match': fc.constantFrom('*', '"x"', 'W/"1"'),
      'accept-encoding': fc.constantFrom('gzip', 'br', 'identity', 'x'),
      host: fc.constantFrom('localhost', 'evil.example'),
    },
    { requiredKeys: ['x-forwarded-for'] },
  );

  return fc
    .record({ method: methodArbitrary, path: pathArbitrary(template, targets), query, token, body, extraHeaders })
    .map(({ method: sent, path, query: search, token: kind, body: payload, extraHeaders: headers }) => {
      const { host, ...rest } = headers;
      // fetch keeps Host to the URL's; a custom domain is asked for with X-Forwarded-Host instead.
      const requestHeaders: Record<string, string> = { ...rest, ...(host ? { 'x-forwarded-host': host } : {}) };
      if (payload.type) requestHeaders['content-type'] = payload.type;
      Object.assign(requestHeaders, payload.headers);
      const withBody = sent !== 'GET' && sent !== 'HEAD' && payload.body !== undefined;
      return {
        route: key,
        method: sent,
        path: `${path}${payload.search ?? search}`,
        token: kind,
        headers: requestHeaders,
        body: withBody ? payload.body : undefined,
      };
    });
}

/** Requests for every handler of the catalogue (routeCatalogueOf), each route as likely as any other. */
export function fuzzRequests(targets: FuzzTargets, catalogue: Record<string, RouteKnowledge>): fc.Arbitrary<FuzzRequest> {
  const routes = Object.entries(catalogue);
  return fc.oneof(...routes.map(([key, knowledge]) => requestForRoute(key, knowledge, targets)));
}

/** A short, printable account of a request, to reproduce a failure by hand. */
export function describeRequest(request: FuzzRequest): string {
  const body =
    request.body === undefined
      ? ''
      : typeof request.body === 'string'
        ? ` body ${JSON.stringify(request.body.slice(0, 300))}${request.body.length > 300 ? `… (${request.body.length} chars)` : ''}`
        : 'oversized' in request.body
          ? ` body of ${request.body.oversized} bytes`
          : 'bytes' in request.body
            ? ` ${request.body.bytes.length} bytes`
            : ` form ${JSON.stringify(
                request.body.map((part) =>
                  'text' in part
                    ? { [part.name]: part.text.slice(0, 200) }
                    : { [part.name]: `${part.bytes.length} bytes "${part.filename}" ${part.type}` },
                ),
              )}`;
  return `${request.method} ${request.path.slice(0, 300)} token=${request.token} headers=${JSON.stringify(request.headers)}${body}`;
}
