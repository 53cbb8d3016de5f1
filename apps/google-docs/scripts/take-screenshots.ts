/**
 * Screenshots of the add-on's pages at the hosts' sizes, light and dark, into screenshots/:
 * the Docs sidebar (300 px, in the harness that plays Docs) signed out, ready, in review and
 * after the link went in; the Gmail recorder on a 390×844 phone ready, shared and expired.
 * Needs the web app built (VOCAL_WEB_DIST). Look at them after a change to these pages.
 */
import { recordUntil, signInWithPassword, signUpOverApi, takeScreenshots, uniqueEmail } from '@vocal/e2e';
import { appsScriptAgainst, openDocument, plain, startGoogleSuite } from '../e2e/google-harness.ts';

await takeScreenshots({
  scriptDir: import.meta.dirname,
  start: () => startGoogleSuite('A short message for the screenshots.'),
  async scenes(suite, colorScheme, pathOf) {
    const email = uniqueEmail('shots');
    await signUpOverApi(suite.product.url, email);

    // Docs: the sidebar as Docs shows it, 300 px wide.
    const appsScript = appsScriptAgainst(suite.product.url);
    const context = await suite.browser.newContext({ viewport: { width: 1100, height: 760 }, colorScheme });
    const docs = await openDocument(context, suite.harness, appsScript);
    const sidebar = docs.page.locator('aside');
    const shot = (name: string) => sidebar.screenshot({ path: pathOf(`docs-${name}`) });
    await docs.recorder.getByRole('button', { name: 'Sign in' }).waitFor();
    await shot('signed-out');
    const opening = context.waitForEvent('page');
    await docs.recorder.getByRole('button', { name: 'Sign in' }).click();
    const window = await opening;
    await signInWithPassword(window, email);
    await docs.recorder.getByRole('button', { name: 'Start recording' }).waitFor();
    await shot('ready');
    await recordUntil(docs.recorder, 2);
    await shot('review');
    await docs.recorder.getByRole('button', { name: 'Add to document' }).click();
    await docs.sidebar.getByRole('status').filter({ hasText: 'Added' }).waitFor();
    await docs.showDocument();
    await shot('added');
    await docs.page.screenshot({ path: pathOf('docs-document') });
    await context.close();

    // Gmail: the recorder in a phone's browser.
    const gmail = appsScriptAgainst(suite.product.url);
    const opened = plain(gmail.addOn.startGmailRecording()) as { ActionResponse: [[string, { OpenLink: [string, string][] }]] };
    const url = opened.ActionResponse[0][1].OpenLink[0]![1];
    const phone = await suite.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, colorScheme });
    const page = await phone.newPage();
    await page.goto(url);
    await signInWithPassword(page, email);
    await page.getByRole('button', { name: 'Start recording' }).waitFor();
    await page.screenshot({ path: pathOf('gmail-ready') });
    await recordUntil(page, 2);
    await page.getByRole('button', { name: 'Add to email' }).click();
    await page.getByRole('button', { name: 'Back to Gmail' }).waitFor();
    await page.screenshot({ path: pathOf('gmail-shared'), fullPage: true });
    gmail.addOn.onGmailCompose();
    gmail.addOn.insertGmailRecording();
    await page.goto(url);
    await page.getByRole('heading', { name: 'This recording link has expired' }).waitFor();
    await page.screenshot({ path: pathOf('gmail-expired') });
    await phone.close();
  },
});
