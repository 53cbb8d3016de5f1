/**
 * Screenshots of the add-on's pages at the hosts' sizes, light and dark, into screenshots/:
 * the Docs sidebar (300 px, in the harness that plays Docs) signed out, ready, in review and
 * after the link went in; the Gmail recorder on a 390×844 phone ready, shared and expired.
 * Needs the web app built (VOCAL_WEB_DIST). Look at them after a change to these pages.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PASSWORD, recordUntil, signUpOverApi, uniqueEmail } from '@vocal/e2e';
import { appsScriptAgainst, openDocument, plain, startGoogleSuite } from '../e2e/google-harness.ts';

const folder = join(import.meta.dirname, '..', 'screenshots');
await mkdir(folder, { recursive: true });
const suite = await startGoogleSuite('A short message for the screenshots.');
try {
  for (const colorScheme of ['light', 'dark'] as const) {
    const email = uniqueEmail('shots');
    await signUpOverApi(suite.product.url, email);

    // Docs: the sidebar as Docs shows it, 300 px wide.
    const appsScript = appsScriptAgainst(suite.product.url);
    const context = await suite.browser.newContext({ viewport: { width: 1100, height: 760 }, colorScheme });
    const docs = await openDocument(context, suite.harness, appsScript);
    const sidebar = docs.page.locator('aside');
    const shot = (name: string) => sidebar.screenshot({ path: join(folder, `docs-${name}-${colorScheme}.png`) });
    await docs.recorder.getByRole('button', { name: 'Sign in' }).waitFor();
    await shot('signed-out');
    const opening = context.waitForEvent('page');
    await docs.recorder.getByRole('button', { name: 'Sign in' }).click();
    const window = await opening;
    await window.getByLabel('Email').fill(email);
    await window.getByLabel('Password').fill(PASSWORD);
    await window.getByRole('button', { name: 'Continue' }).click();
    await docs.recorder.getByRole('button', { name: 'Start recording' }).waitFor();
    await shot('ready');
    await recordUntil(docs.recorder, 2);
    await shot('review');
    await docs.recorder.getByRole('button', { name: 'Add to document' }).click();
    await docs.sidebar.getByRole('status').filter({ hasText: 'Added' }).waitFor();
    await docs.showDocument();
    await shot('added');
    await docs.page.screenshot({ path: join(folder, `docs-document-${colorScheme}.png`) });
    await context.close();

    // Gmail: the recorder in a phone's browser.
    const gmail = appsScriptAgainst(suite.product.url);
    const opened = plain(gmail.addOn.startGmailRecording()) as { ActionResponse: [[string, { OpenLink: [string, string][] }]] };
    const url = opened.ActionResponse[0][1].OpenLink[0]![1];
    const phone = await suite.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, colorScheme });
    const page = await phone.newPage();
    await page.goto(url);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Start recording' }).waitFor();
    await page.screenshot({ path: join(folder, `gmail-ready-${colorScheme}.png`) });
    await recordUntil(page, 2);
    await page.getByRole('button', { name: 'Add to email' }).click();
    await page.getByRole('button', { name: 'Back to Gmail' }).waitFor();
    await page.screenshot({ path: join(folder, `gmail-shared-${colorScheme}.png`), fullPage: true });
    gmail.addOn.onGmailCompose();
    gmail.addOn.insertGmailRecording();
    await page.goto(url);
    await page.getByRole('heading', { name: 'This recording link has expired' }).waitFor();
    await page.screenshot({ path: join(folder, `gmail-expired-${colorScheme}.png`) });
    await phone.close();
  }
  console.info(`Screenshots in ${folder}`);
} finally {
  await suite.stop();
}
