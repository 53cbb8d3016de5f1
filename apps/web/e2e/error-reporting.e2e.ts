import { payloadOf, signUpThroughPage, startErrorReportSink } from '@vocal/e2e';
import { APP_VERSION, type SentryEvent, type SentryFeedbackEvent } from '@vocal/settings-model';
import { afterAll, describe, expect, it } from 'vitest';
import { fileBrowser } from './file-browser.ts';
import { fileProduct } from './file-product.ts';
import { apiAs, tokensOf } from './support.ts';

const sink = await startErrorReportSink();
afterAll(() => sink.close());
const product = await fileProduct({ env: { ERROR_REPORTING_DSN: sink.dsn, ERROR_REPORTING_ENVIRONMENT: 'e2e' } });
const browser = await fileBrowser();

describe('error reporting from the web app', () => {
  it('sends a thrown client error to the DSN, then attaches the report-issue text to that event', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const email = await signUpThroughPage(page, product.url);
    const { accessToken, refreshToken } = await tokensOf(page);
    const account = await apiAs(product.url, page, 'GET', 'account');
    await page.goto(`${product.url}/recordings?q=private-search`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // The page draws before it has fetched who is signed in; the account button's initials
    // (of signUpThroughPage's "Robin Example") say it has, and so reports carry the user's id.
    await page.getByRole('button', { name: 'RE, account' }).waitFor();

    // Thrown from a timer, so nothing catches it before window.onerror.
    const message = `Client failure ${Date.now()}`;
    await page.evaluate((text) => {
      setTimeout(() => {
        throw new TypeError(text);
      });
    }, message);
    const envelope = await sink.waitFor((received) => received.raw.includes(message));
    expect(sink.problems).toEqual([]);
    expect(envelope.key).toBe('sinkkey');
    const event = payloadOf<SentryEvent>(envelope, 'event', sink.dsn);
    expect(event).toMatchObject({
      platform: 'javascript',
      level: 'error',
      release: APP_VERSION,
      environment: 'e2e',
      user: { id: String(account.body.id) },
      request: { url: `${new URL(product.url).origin}/recordings` },
      tags: { source: 'error-event' },
    });
    expect(Object.keys(event.user!)).toEqual(['id']);
    const exception = event.exception!.values.at(-1)!;
    expect(exception).toMatchObject({ type: 'TypeError', value: message });
    expect(exception.stacktrace!.frames.length).toBeGreaterThan(0);
    expect(event.breadcrumbs!.values.some((crumb) => crumb.category === 'navigation' && crumb.data?.to === '/recordings')).toBe(true);
    for (const secret of [email, accessToken, refreshToken, 'private-search']) expect(envelope.raw).not.toContain(secret);

    // The fatal-error screen covers the page; Continue, then report the issue from the account menu.
    await page.getByRole('alertdialog').getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: /account$/i }).click();
    await page.getByRole('button', { name: 'Report an issue' }).click();
    const comments = `The page broke when I opened my messages ${Date.now()}`;
    await page.getByRole('dialog', { name: 'Report an issue' }).getByRole('textbox', { name: 'What happened?' }).fill(comments);
    await page.getByRole('button', { name: 'Send Report' }).click();
    await page.getByRole('dialog', { name: 'Report an issue' }).waitFor({ state: 'detached' });

    const report = await sink.waitFor((received) => received.raw.includes(comments));
    expect(sink.problems).toEqual([]);
    const feedback = payloadOf<SentryFeedbackEvent>(report, 'feedback', sink.dsn);
    // Attached to the last event this page sent: the thrown error.
    expect(feedback.contexts.feedback).toMatchObject({ message: comments, associated_event_id: event.event_id });
    expect(feedback.user).toEqual({ id: String(account.body.id) });
    for (const secret of [email, accessToken, refreshToken]) expect(report.raw).not.toContain(secret);
    await context.close();
  });
});
