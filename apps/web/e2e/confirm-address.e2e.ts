/**
 * Issue 23, finding 5, as a person meets it: a new account works at once, but until its address
 * is confirmed every signed-in page says so, the contact form and collection are closed to
 * visitors with a page that says why, and the link can be sent again. Opening the mailed link
 * lands on the settings page, which says it worked, and the form opens. Desktop with the
 * keyboard, phone by touch; light and dark; axe clean; screenshots.
 */
import { join } from 'node:path';
import { axeViolations, launchBrowser, signUpThroughPage, startProduct, watchPageErrors, type ApiProcess } from '@vocal/e2e';
import { startSmtpCapture, type SmtpCapture } from '@vocal/test-fixtures/smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeAndShootBothSchemes, contextFor, ensureShotsFolder, horizontalOverflow, shotsFolder } from './polish-support.ts';
import { apiAs } from './support.ts';

let product: ApiProcess;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  // The operator's default (auto): with SMTP_URL set, new addresses must be confirmed.
  product = await startProduct({ env: { SMTP_URL: smtp.url, EMAIL_CONFIRMATION: 'auto' } });
  browser = await launchBrowser();
  await ensureShotsFolder();
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await smtp?.close();
});

const CONFIRMATION_SUBJECT = 'Confirm your email address for Vocal';
const linkIn = (text: string) => /(http:\/\/\S+\/api\/account\/email\/verify\?token=\S+)/.exec(text)?.[1] ?? null;

describe('confirming the address of a new account', () => {
  it('on a desktop with the keyboard: the notice, a closed form, the link again, then the link opens it all', async () => {
    const context = await contextFor(browser, 'desktop', 'light');
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const email = await signUpThroughPage(page, product.url);
    const first = await smtp.waitFor((mail) => mail.to.includes(email) && mail.subject === CONFIRMATION_SUBJECT);

    await page.goto(`${product.url}/recordings`);
    const notice = page.getByRole('region', { name: 'Confirm your email address' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain(email);
    await axeAndShootBothSchemes(page, 'light', 'confirm-address-notice-desktop');

    // A visitor following the owner's contact-form link meets a page that says why it is closed.
    const code = (await apiAs(product.url, page, 'GET', 'account')).body.inviteCode as string;
    const visitor = await contextFor(browser, 'desktop', 'light');
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`${product.url}/contact-form/${code}`);
    await visitorPage.getByText('This contact form is not open yet').waitFor();
    await visitorPage.getByRole('heading', { name: 'Not open yet' }).waitFor();
    expect(await axeViolations(visitorPage)).toEqual([]);
    await visitorPage.screenshot({ path: join(shotsFolder, 'confirm-address-closed-form-desktop-light.png'), fullPage: true });

    // "Send the link again", reached and pressed with the keyboard alone.
    const again = notice.getByRole('button', { name: 'Send the link again' });
    for (let presses = 0; presses < 30 && !(await again.evaluate((element) => element === document.activeElement)); presses++) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await notice
      .getByRole('status')
      .filter({ hasText: `A new link is on its way to ${email}.` })
      .waitFor();
    const second = await smtp.waitFor((mail) => mail.to.includes(email) && mail.subject === CONFIRMATION_SUBJECT && mail !== first);

    // The newest link, opened in the same browser as from a mail client.
    const link = linkIn(second.text);
    expect(link).not.toBeNull();
    await page.goto(link!);
    await page.waitForURL(/\/settings\?address=verified$/);
    await page.getByRole('status').filter({ hasText: 'Your email address is confirmed.' }).waitFor();
    // The notice goes once the account is read again, which may come after the status.
    await expect.poll(() => page.getByRole('region', { name: 'Confirm your email address' }).count()).toBe(0);
    await axeAndShootBothSchemes(page, 'light', 'confirm-address-verified-desktop');

    await visitorPage.goto(`${product.url}/contact-form/${code}`);
    await visitorPage.getByRole('button', { name: /Start recording/ }).waitFor();
    expect(errors).toEqual([]);
    await visitor.close();
    await context.close();
  });

  it('on a phone in dark: the notice fits, its button is a thumb’s size, and a spent link says what to do', async () => {
    const context = await contextFor(browser, 'phone', 'dark');
    const page = await context.newPage();
    const email = await signUpThroughPage(page, product.url);
    await smtp.waitFor((mail) => mail.to.includes(email) && mail.subject === CONFIRMATION_SUBJECT);
    await page.goto(`${product.url}/recordings`);
    const notice = page.getByRole('region', { name: 'Confirm your email address' });
    await notice.waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    const button = await notice.getByRole('button', { name: 'Send the link again' }).boundingBox();
    expect(button?.height).toBeGreaterThanOrEqual(44);
    await axeAndShootBothSchemes(page, 'dark', 'confirm-address-notice-phone');

    await page.goto(`${product.url}/api/account/email/verify?token=1.1.not-a-token-anyone-was-sent-aaaaaaaaaaaaaaaa`);
    await page.waitForURL(/\/settings\?address=invalid$/);
    await page.getByRole('status').filter({ hasText: 'That confirmation link has expired' }).waitFor();
    expect(await page.getByRole('region', { name: 'Confirm your email address' }).count()).toBe(1);
    await context.close();
  });
});
