/**
 * Issue 29, part 2: the Webhooks settings page. A person adds a webhook to their receiver with
 * the keyboard alone, keeps the secret (shown once), sends a test event that arrives signed and
 * shows in the log, and removes it. A phone by touch in dark; axe clean; screenshots.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { launchBrowser, startProduct, watchPageErrors, type ApiProcess } from '@vocal/e2e';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeAndShootBothSchemes, ensureShotsFolder, expectThumbSized, horizontalOverflow, VIEWPORTS } from './polish-support.ts';
import { signedInContext } from './support.ts';

let product: ApiProcess;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
    response.writeHead(204).end();
  });
});
let receiverUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/vocal`;
  // The receiver is on this machine: the operator allows private addresses, as for a receiver on their own network.
  product = await startProduct({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  browser = await launchBrowser();
  await ensureShotsFolder();
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

describe('webhooks', () => {
  it('on a desktop with the keyboard: adds one, keeps the secret, a signed test event arrives and is logged, then removes it', async () => {
    const { context } = await signedInContext(browser, product.url, { viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${product.url}/settings`);
    await page.getByRole('link', { name: /^Webhooks/ }).click();
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await page.getByText('You have no webhooks yet.').waitFor();

    await page.getByLabel('URL').focus();
    await page.keyboard.type(receiverUrl);
    // Replies and contact messages are chosen already; add comments with the keyboard.
    await page.getByRole('checkbox', { name: /Someone comments/ }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Add webhook' }).focus();
    await page.keyboard.press('Enter');
    const secretField = page.getByLabel(`Signing secret for ${receiverUrl}`);
    await secretField.waitFor();
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^whsec_/);
    const card = page.getByRole('article', { name: `Webhook to ${receiverUrl}` });
    expect(await card.textContent()).toContain('reply.created, comment.created, contact.received');

    await card.getByRole('button', { name: `Send test event to ${receiverUrl}` }).focus();
    await page.keyboard.press('Enter');
    await card.getByRole('cell', { name: '204' }).waitFor();
    expect(received).toHaveLength(1);
    expect(new Webhook(secret).verify(received[0]!.body, received[0]!.headers as Record<string, string>)).toMatchObject({
      type: 'webhook.test',
    });
    await axeAndShootBothSchemes(page, 'light', 'webhooks-desktop');

    await card.getByRole('button', { name: `Remove the webhook to ${receiverUrl}` }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Remove this webhook?' });
    await dialog.getByRole('button', { name: 'Remove webhook' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('You have no webhooks yet.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone in dark: a host that does not resolve is refused with what is wrong, no sideways scrolling, thumb-sized controls', async () => {
    const { context } = await signedInContext(browser, product.url, {
      viewport: VIEWPORTS.phone,
      isMobile: true,
      hasTouch: true,
      colorScheme: 'dark',
    });
    const page = await context.newPage();
    await page.goto(`${product.url}/settings/webhooks`);
    await page.getByLabel('URL').fill('https://no-such-host.invalid/hook');
    await page.getByRole('button', { name: 'Add webhook' }).tap();
    await page.getByText('URL: its host name does not resolve').waitFor();
    await page.getByLabel('URL').fill(receiverUrl);
    await page.getByRole('button', { name: 'Add webhook' }).tap();
    const card = page.getByRole('article', { name: `Webhook to ${receiverUrl}` });
    await card.waitFor();
    await card.getByRole('button', { name: `Send test event to ${receiverUrl}` }).tap();
    await card.getByRole('cell', { name: '204' }).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await expectThumbSized([
      page.getByRole('button', { name: 'Add webhook' }),
      card.getByRole('button', { name: `Send test event to ${receiverUrl}` }),
      page.locator('.api-tokens__scope').first(),
    ]);
    await axeAndShootBothSchemes(page, 'dark', 'webhooks-phone');
    await context.close();
  });
});
