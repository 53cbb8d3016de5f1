import { DEFAULT_SIGN_UP_NAME, launchBrowser, signUpThroughPage, startProduct, type ApiProcess } from '@vocal/e2e';
import { makeSpeechWav } from '@vocal/test-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMail, startSmtpCapture, type SmtpCapture } from '@vocal/test-fixtures/smtp';
import { apiAs, confirmReview, makePro, recordFor } from './support.ts';

let product: ApiProcess;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  product = await startProduct({ env: { SMTP_URL: smtp.url } });
  const wav = await makeSpeechWav('Thanks for the message. Here is my answer, spoken aloud.', { seconds: 10 });
  browser = await launchBrowser({ microphoneWav: wav, loop: true });
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await smtp?.close();
});

async function ownerWithMessage() {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = await signUpThroughPage(page, product.url);
  await page.goto(`${product.url}/record`);
  await recordFor(page, 2);
  await confirmReview(page);
  const link = await page.getByRole('textbox', { name: 'Link to your message' }).inputValue();
  return { context, page, email, link: link.replace('localhost', '127.0.0.1') };
}

describe('what visitors do', () => {
  it('a visitor replies by voice and comments, with markup kept as text, and the owner sees both', async () => {
    const owner = await ownerWithMessage();

    const visitor = await browser.newContext();
    const page = await visitor.newPage();
    await page.goto(owner.link);
    await page.getByRole('button', { name: 'Reply' }).click();
    await page.getByRole('region', { name: 'Reply by voice' }).getByLabel('Your name').fill('Bea <b>Bold</b>');
    await recordFor(page, 2);
    await confirmReview(page);
    await page.getByText(`Your reply was sent to ${DEFAULT_SIGN_UP_NAME}.`).waitFor();

    const hostile = '<img src=x onerror="window.hacked=1"> Nice! <script>window.hacked=2</script>';
    const commentForm = page.locator('section.comments form');
    await commentForm.getByLabel('Your name').fill('<i>Mallory</i>');
    await commentForm.getByLabel('Comment', { exact: true }).fill(hostile);
    await page.getByRole('button', { name: 'Post comment' }).click();
    const comments = page.locator('section.comments');
    await comments.getByText(hostile).waitFor();
    await comments.getByText('<i>Mallory</i>').waitFor();
    expect(await page.locator('section.comments img, section.comments i, section.comments script').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();

    // The owner, signed in, opens their own listen page: the reply and the comment are there.
    await owner.page.goto(owner.link.replace('127.0.0.1', 'localhost'));
    await owner.page.getByRole('heading', { name: /Replies \(1\)/ }).waitFor();
    await owner.page.getByText('Bea <b>Bold</b>').waitFor();
    await owner.page.locator('section.comments').getByText(hostile).waitFor();
    await owner.page.getByRole('button', { name: 'Remove' }).waitFor();
    const audios = (await apiAs(product.url, owner.page, 'GET', 'audio')).body.audios as { origin: string; senderName: string | null }[];
    expect(audios.filter((audio) => audio.origin === 'reply').map((audio) => audio.senderName)).toEqual(['Bea <b>Bold</b>']);
    await visitor.close();
    await owner.context.close();
  });

  it('a visitor sends the contact form by voice and in writing, and the owner is mailed both', async () => {
    const owner = await browser.newContext();
    const ownerPage = await owner.newPage();
    const ownerEmail = await signUpThroughPage(ownerPage, product.url);
    const account = await apiAs(product.url, ownerPage, 'GET', 'account');
    const formUrl = `${product.url}/contact-form/${account.body.inviteCode as string}`;

    // A first-time visitor: the page explains before the browser asks for the microphone.
    const visitor = await browser.newContext({ askForMicrophone: true });
    const page = await visitor.newPage();
    await page.goto(formUrl);
    await page.getByRole('heading', { name: 'Send us a message' }).waitFor();
    await page.getByText('via voice message').waitFor();
    await page.getByText('We need access to your mic').waitFor();
    await page.getByRole('button', { name: 'Grant permission' }).click();
    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.getByText(/Enter a valid email address/).waitFor();
    await page.getByLabel('Enter your email address').fill('visitor@example.com');
    await recordFor(page, 2);
    await confirmReview(page);
    await page.getByRole('heading', { name: 'Message sent' }).waitFor();
    const voiceMail = await smtp.waitForMail(ownerEmail, /visitor@example\.com/);
    expect(decodeMail(voiceMail.raw)).toMatch(/\/listen\//);

    await page.goto(formUrl);
    await page.getByRole('button', { name: 'Send a message instead' }).click();
    await page.getByLabel('Enter your email address').fill('writer@example.com');
    await page.getByLabel('Message', { exact: true }).fill('Could you call me back about the quote? Thanks!');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('heading', { name: 'Message sent' }).waitFor();
    await smtp.waitForMail(ownerEmail, /Could you call me back about the quote/);

    const audios = (await apiAs(product.url, ownerPage, 'GET', 'audio')).body.audios as {
      origin: string;
      email: string;
      message: string | null;
    }[];
    const submissions = audios.filter((audio) => audio.origin === 'contact-form');
    expect(submissions.map((audio) => audio.email).sort()).toEqual(['visitor@example.com', 'writer@example.com']);
    await visitor.close();
    await owner.close();
  });

  it('the call to action opens its link', async () => {
    const owner = await ownerWithMessage();
    await makePro(product.dataDir, owner.email);
    const target = `${product.url}/login?from=cta`;
    const saved = await apiAs(product.url, owner.page, 'POST', 'personalisation', {
      listenPage: { cta: { link: target, message: 'Want one too?', button: 'Try it' } },
    });
    expect(saved.status).toBe(200);
    const refused = await apiAs(product.url, owner.page, 'POST', 'personalisation', {
      listenPage: { cta: { link: 'javascript:alert(1)' } },
    });
    expect(refused.status).toBe(400);

    const visitor = await browser.newContext();
    const page = await visitor.newPage();
    await page.goto(owner.link);
    await page.getByText('Want one too?').waitFor();
    const [opened] = await Promise.all([visitor.waitForEvent('page'), page.getByRole('link', { name: 'Try it' }).click()]);
    await opened.waitForLoadState();
    expect(opened.url()).toBe(target);
    await visitor.close();
    await owner.context.close();
  });

  it('the embed player plays inside another site’s page', async () => {
    const owner = await ownerWithMessage();
    const id = owner.link.split('/listen/')[1]!;
    const { createServer } = await import('node:http');
    const site = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html');
      response.end(
        `<!doctype html><h1>A blog</h1><iframe src="${product.url}/embed/player/${id}" width="560" height="160" style="border:0"></iframe>`,
      );
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', () => resolve()));
    const address = site.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const visitor = await browser.newContext();
      const page = await visitor.newPage();
      await page.goto(`http://127.0.0.1:${port}/`);
      const frame = page.frameLocator('iframe');
      await frame.getByRole('button', { name: 'Play', exact: true }).click();
      await frame.getByRole('button', { name: 'Pause', exact: true }).waitFor();
      await frame.getByRole('link', { name: 'Open in Vocal' }).waitFor();
      await visitor.close();
    } finally {
      site.close();
      await owner.context.close();
    }
  });
});
