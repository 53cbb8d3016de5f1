import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppsScriptServices } from '../apps-script-services.ts';
import { createFakeCardService } from './fake-card-service.ts';
import { createFakeDocumentApp, type FakeDocument } from './fake-document-app.ts';

/** A request the add-on made through UrlFetchApp, as a server would see it. */
export type FetchRequest = { url: string; method: string; headers: Record<string, string>; body: string | null };
/** The answer a fake server gives: status, body text, and for images the bytes. */
export type FetchAnswer = { status: number; body: string; bytes?: Uint8Array; contentType?: string };
export type FetchHandler = (request: FetchRequest) => FetchAnswer;

/** A fake HTTPResponse over an answer (getBlob answers a blob that knows its bytes). */
function httpResponse(answer: FetchAnswer): GoogleAppsScript.URL_Fetch.HTTPResponse {
  const bytes = answer.bytes ?? new TextEncoder().encode(answer.body);
  return {
    getResponseCode: () => answer.status,
    getContentText: () => answer.body,
    getBlob: () => ({ fakeBlob: true, bytes, contentType: answer.contentType ?? 'application/octet-stream' }),
    getHeaders: () => ({ 'Content-Type': answer.contentType ?? 'application/json' }),
    getAllHeaders: () => ({ 'Content-Type': answer.contentType ?? 'application/json' }),
  } as unknown as GoogleAppsScript.URL_Fetch.HTTPResponse;
}

/** Turns UrlFetchApp's options into the request a server sees (muteHttpExceptions is required: every call sets it). */
function toRequest(url: string, options: GoogleAppsScript.URL_Fetch.URLFetchRequestOptions = {}): FetchRequest {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.contentType) headers['content-type'] = options.contentType;
  const body =
    typeof options.payload === 'string' ? options.payload : options.payload === undefined ? null : JSON.stringify(options.payload);
  return { url, method: (options.method ?? 'get').toUpperCase(), headers, body };
}

/** A fake PropertiesService: the user's and the script's properties, each a map. */
export function createFakeProperties() {
  const store = (values: Map<string, string>): GoogleAppsScript.Properties.Properties =>
    ({
      getProperty: (key: string) => values.get(key) ?? null,
      setProperty(key: string, value: string) {
        values.set(key, String(value));
        return this;
      },
      deleteProperty(key: string) {
        values.delete(key);
        return this;
      },
      getProperties: () => Object.fromEntries(values),
      getKeys: () => [...values.keys()],
    }) as unknown as GoogleAppsScript.Properties.Properties;
  const user = new Map<string, string>();
  const script = new Map<string, string>();
  const service = {
    getUserProperties: () => store(user),
    getScriptProperties: () => store(script),
    getDocumentProperties: () => null,
  } as unknown as GoogleAppsScript.Properties.PropertiesService;
  return { service, user, script };
}

/** Renders an HtmlService template the way the sidebar uses it: `<?= name ?>` printing scriptlets, HTML-escaped. */
export function renderTemplate(source: string, values: Record<string, unknown>): string {
  return source.replace(/<\?=\s*(\w+)\s*\?>/g, (_match, name: string) => {
    if (!(name in values)) throw new Error(`The template prints ${name}, which the script did not set.`);
    return String(values[name]).replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
  });
}

/** A fake HtmlService reading the project's real .html files (src/host/<name>.html). */
export function createFakeHtmlService(calls: unknown[][]) {
  const service = {
    createTemplateFromFile(name: string) {
      calls.push(['createTemplateFromFile', name]);
      const source = readFileSync(join(import.meta.dirname, '..', `${name}.html`), 'utf8');
      const template: Record<string, unknown> = {
        evaluate() {
          const values = Object.fromEntries(Object.entries(template).filter(([, value]) => typeof value !== 'function'));
          calls.push(['evaluate', values]);
          const output = {
            content: renderTemplate(source, values),
            title: '',
            setTitle(title: string) {
              calls.push(['setTitle', title]);
              output.title = title;
              return output;
            },
            getContent: () => output.content,
          };
          return output;
        },
      };
      return template;
    },
  };
  return service as unknown as GoogleAppsScript.HTML.HtmlService;
}

/**
 * Every Apps Script service the add-on uses, faked, with what they saw: the UrlFetchApp
 * requests (answered by `fetch`), the user's properties, the document, the HtmlService and
 * Ui calls. Pass `serverUrl` to set the script property VOCAL_URL.
 */
export function createFakeAppsScript(options: { fetch: FetchHandler; serverUrl?: string; document?: FakeDocument }) {
  const requests: FetchRequest[] = [];
  const htmlCalls: unknown[][] = [];
  const properties = createFakeProperties();
  if (options.serverUrl) properties.script.set('VOCAL_URL', options.serverUrl);
  const documentApp = createFakeDocumentApp(options.document);
  const UrlFetchApp = {
    fetch(url: string, fetchOptions?: GoogleAppsScript.URL_Fetch.URLFetchRequestOptions) {
      const request = toRequest(url, fetchOptions);
      requests.push(request);
      if (!fetchOptions?.muteHttpExceptions && request.url.includes('/api/')) throw new Error('Every API call must set muteHttpExceptions');
      return httpResponse(options.fetch(request));
    },
  } as unknown as GoogleAppsScript.URL_Fetch.UrlFetchApp;
  const services: AppsScriptServices = {
    CardService: createFakeCardService(),
    DocumentApp: documentApp.service,
    UrlFetchApp,
    PropertiesService: properties.service,
    HtmlService: createFakeHtmlService(htmlCalls),
  };
  return { services, requests, userProperties: properties.user, htmlCalls, document: documentApp };
}

/**
 * Answers a UrlFetchApp call from a real HTTP server, synchronously as UrlFetchApp is: a
 * child Node process makes the request and prints the answer. Slow (a process per call),
 * so only for the tests that prove the add-on against the real API.
 */
export const realServer: FetchHandler = (request) => {
  const script = `
    const request = JSON.parse(require('fs').readFileSync(0, 'utf8'));
    fetch(request.url, { method: request.method, headers: request.headers, body: request.body ?? undefined })
      .then(async (response) => {
        const bytes = Buffer.from(await response.arrayBuffer());
        process.stdout.write(JSON.stringify({ status: response.status, contentType: response.headers.get('content-type'), base64: bytes.toString('base64') }));
      })
      .catch((error) => { process.stderr.write(String(error)); process.exit(1); });`;
  const output = execFileSync(process.execPath, ['-e', script], { input: JSON.stringify(request), encoding: 'utf8' });
  const answer = JSON.parse(output) as { status: number; contentType: string | null; base64: string };
  const bytes = new Uint8Array(Buffer.from(answer.base64, 'base64'));
  return { status: answer.status, body: Buffer.from(bytes).toString('utf8'), bytes, contentType: answer.contentType ?? undefined };
};
