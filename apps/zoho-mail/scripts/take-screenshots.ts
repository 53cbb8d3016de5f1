/**
 * Screenshots of the widget as a person sees it in Zoho Mail's widget panel (360 × 600):
 * signed out, idle, recording, review, shared, the attachment picker's "copied" notice, the
 * microphone refused, and the wait while recording in a browser tab with pop-ups blocked. Light
 * and dark. Driven for real (the package from the API, served on Zoho's origin by the harness
 * with the stand-in SDK, a fake microphone); axe-core runs on each state and its findings
 * are printed. Writes PNGs to apps/zoho-mail/screenshots/ (ignored by git) to be looked at.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { axeViolations, signUpOverApi, uniqueEmail } from '@vocal/e2e';
import { signInInWidget } from '../e2e/support.ts';
import { installZohoPackage, openZohoMail } from '../e2e/zoho-harness.ts';
import { startZohoSuite } from '../e2e/zoho-suite.ts';

const out = join(import.meta.dirname, '..', 'screenshots');
await mkdir(out, { recursive: true });
const suite = await startZohoSuite('Hello! This is a short voice message to show how the extension looks.');
const { product, browser } = suite;

type Zoho = Awaited<ReturnType<typeof openZohoMail>>;

/** Waits for the fonts, then shoots the widget's panel alone and reports what axe finds there. */
async function shot(zoho: Zoho, name: string) {
  await zoho.widget.evaluate(() => document.fonts.ready.then(() => undefined));
  await zoho.page.locator('iframe').screenshot({ path: join(out, `${name}.png`) });
  const violations = await axeViolations(zoho.widget);
  if (violations.length) process.stdout.write(`${name}: ${violations.join('; ')}\n`);
}

try {
  for (const colorScheme of ['light', 'dark'] as const) {
    const email = uniqueEmail('zoho');
    await signUpOverApi(product.url, email);
    const context = await browser.newContext({ viewport: { width: 1000, height: 700 }, colorScheme });
    await installZohoPackage(context, product.url);
    const panel = await openZohoMail(context, { page: 'panel', subject: 'Quarterly numbers' });
    const { widget } = panel;
    await widget.getByRole('button', { name: 'Continue' }).waitFor();
    await shot(panel, `signed-out-${colorScheme}`);
    await signInInWidget(widget, email);
    await widget.getByRole('button', { name: 'Start recording' }).waitFor();
    await shot(panel, `idle-${colorScheme}`);

    await widget.getByRole('button', { name: 'Start recording' }).click();
    await widget.locator('.vk-record-flow__elapsed', { hasText: '0:02' }).waitFor();
    await shot(panel, `recording-${colorScheme}`);
    await widget.getByRole('button', { name: 'Stop recording' }).click();
    await widget.getByText('Listen before you send').waitFor();
    await shot(panel, `review-${colorScheme}`);
    await widget.getByRole('button', { name: 'Add to email' }).click();
    await widget.getByText('Your message is ready', { exact: true }).waitFor();
    await shot(panel, `shared-${colorScheme}`);

    // The attachment picker: the link is copied, and the widget says to paste it.
    const picker = await openZohoMail(context, { page: 'attachment', subject: 'Quarterly numbers' });
    await signInInWidget(picker.widget, email);
    await picker.widget.getByRole('button', { name: 'Start recording' }).click();
    await picker.widget.locator('.vk-record-flow__elapsed', { hasText: '0:02' }).waitFor();
    await picker.widget.getByRole('button', { name: 'Stop recording' }).click();
    await picker.widget.getByRole('button', { name: 'Get link' }).click();
    await picker.widget.getByText('The link is copied', { exact: false }).waitFor();
    await shot(picker, `attachment-copied-${colorScheme}`);

    // No microphone for the frame: the refusal, with the window it offers.
    const refused = await openZohoMail(context, { page: 'panel', subject: 'Quarterly numbers', allowMicrophone: false, popups: false });
    await signInInWidget(refused.widget, email);
    await refused.widget.getByRole('button', { name: 'Start recording' }).click();
    await refused.widget.getByRole('button', { name: 'Record in a new window' }).waitFor();
    await shot(refused, `microphone-refused-${colorScheme}`);
    await refused.widget.getByRole('button', { name: 'Record in a new window' }).click();
    await refused.widget.getByRole('heading', { name: 'Recording in your browser' }).waitFor();
    await shot(refused, `recording-in-browser-${colorScheme}`);
    await context.close();
  }
  process.stdout.write(`Screenshots in ${out}\n`);
} finally {
  await suite.stop();
}
