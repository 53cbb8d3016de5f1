/**
 * Screenshots of the widget as a person sees it in Zoho Mail's widget panel (360 × 600):
 * signed out, idle, recording, review, shared, the attachment picker's "copied" notice, the
 * microphone refused, and the wait while recording in a browser tab with pop-ups blocked. Light
 * and dark. Driven for real (the package from the API, served on Zoho's origin by the harness
 * with the stand-in SDK, a fake microphone); axe-core runs on each state and its findings
 * are printed. Writes PNGs to apps/zoho-mail/screenshots/ (ignored by git) to be looked at.
 */
import {
  axeViolations,
  shootRecordFlow,
  showMicrophoneRefused,
  signInWithPassword,
  signUpOverApi,
  startHostSuite,
  takeScreenshots,
  uniqueEmail,
} from '@vocal/e2e';
import { installZohoPackage, openZohoMail } from '../e2e/zoho-harness.ts';

type Zoho = Awaited<ReturnType<typeof openZohoMail>>;

/** Waits for the fonts, then shoots the widget's panel alone and reports what axe finds there. */
async function shot(zoho: Zoho, path: string) {
  await zoho.widget.evaluate(() => document.fonts.ready.then(() => undefined));
  await zoho.page.locator('iframe').screenshot({ path });
  const violations = await axeViolations(zoho.widget);
  if (violations.length) process.stdout.write(`${path}: ${violations.join('; ')}\n`);
}

await takeScreenshots({
  scriptDir: import.meta.dirname,
  start: () => startHostSuite('Hello! This is a short voice message to show how the extension looks.'),
  async scenes({ product, browser }, colorScheme, pathOf) {
    const email = uniqueEmail('zoho');
    await signUpOverApi(product.url, email);
    const context = await browser.newContext({ viewport: { width: 1000, height: 700 }, colorScheme });
    await installZohoPackage(context, product.url);
    const panel = await openZohoMail(context, { page: 'panel', subject: 'Quarterly numbers' });
    const { widget } = panel;
    await widget.getByRole('button', { name: 'Continue' }).waitFor();
    await shot(panel, pathOf('signed-out'));
    await signInWithPassword(widget, email);
    await widget.getByText(`Signed in as ${email}`).waitFor();
    await shootRecordFlow(widget, (name) => shot(panel, pathOf(name)), {
      sendLabel: 'Add to email',
      sentText: 'Your message is ready',
      names: { sent: 'shared' },
    });

    // The attachment picker: the link is copied, and the widget says to paste it.
    const picker = await openZohoMail(context, { page: 'attachment', subject: 'Quarterly numbers' });
    await signInWithPassword(picker.widget, email);
    await picker.widget.getByText(`Signed in as ${email}`).waitFor();
    await picker.widget.getByRole('button', { name: 'Start recording' }).click();
    await picker.widget.locator('.vk-record-flow__elapsed', { hasText: '0:02' }).waitFor();
    await picker.widget.getByRole('button', { name: 'Stop recording' }).click();
    await picker.widget.getByRole('button', { name: 'Get link' }).click();
    await picker.widget.getByText('The link is copied', { exact: false }).waitFor();
    await shot(picker, pathOf('attachment-copied'));

    // No microphone for the frame: the refusal, with the window it offers.
    const refused = await openZohoMail(context, { page: 'panel', subject: 'Quarterly numbers', allowMicrophone: false, popups: false });
    await signInWithPassword(refused.widget, email);
    await refused.widget.getByText(`Signed in as ${email}`).waitFor();
    const recordElsewhere = await showMicrophoneRefused(refused.widget);
    await shot(refused, pathOf('microphone-refused'));
    await recordElsewhere.click();
    await refused.widget.getByRole('heading', { name: 'Recording in your browser' }).waitFor();
    await shot(refused, pathOf('recording-in-browser'));
    await context.close();
  },
});
