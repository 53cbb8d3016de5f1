/**
 * Issue 27, item 3: the conversation in one place. Listeners' comments show in the inbox with
 * the message they are under, unread until read; the owner answers what people send, by voice
 * or in writing, and the sender is mailed the answer (its listen link, or its words) when the
 * product knows their address, and is told before answering when it does not. A desktop with
 * the mouse and the keyboard alone, a phone by touch; light and dark; axe clean; screenshots.
 */
import { join } from 'node:path';
import { axeViolations, launchBrowser, PASSWORD, recordUntil, startProduct, uniqueEmail, type ApiProcess } from '@vocal/e2e';
import { makeSpeechWav } from '@vocal/test-fixtures';
import { startSmtpCapture, type SmtpCapture } from '@vocal/test-fixtures/smtp';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeAndShootBothSchemes,
  call,
  contextFor,
  ensureShotsFolder,
  horizontalOverflow,
  sendMessage,
  shotsFolder,
  type ViewportName,
} from './polish-support.ts';

let product: ApiProcess;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  // Free owners: no transcripts to make; visitors each from an address of their own.
  product = await startProduct({ env: { SMTP_URL: smtp.url, TRUST_PROXY: 'true', TRANSCRIBER: 'none' } });
  const wav = await makeSpeechWav('Thanks for writing to me. Here is my answer, spoken aloud.', { seconds: 6 });
  browser = await launchBrowser({ microphoneWav: wav, loop: true });
  await ensureShotsFolder();
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await smtp?.close();
});

type Person = { baseUrl: string; token: string; refreshToken: string; email: string; name: string };

/** An account made over the API (sign-up is not what this file tests), with both tokens for a browser. */
async function person(name: string): Promise<Person> {
  const email = uniqueEmail('answers');
  const response = await fetch(`${product.url}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, name }),
  });
  if (!response.ok) throw new Error(`signup: ${response.status} ${await response.text()}`);
  const tokens = (await response.json()) as { access_token: string; refresh_token: string };
  return { baseUrl: product.url, token: tokens.access_token, refreshToken: tokens.refresh_token, email, name };
}

/** A browser context signed in as `who`: the app finds their tokens where it keeps them, as after a sign-in. */
async function signedIn(who: Person, size: ViewportName, scheme: 'light' | 'dark'): Promise<BrowserContext> {
  const context = await contextFor(browser, size, scheme);
  await context.addInitScript(
    (tokens) => {
      try {
        if (!window.localStorage.getItem('vocal.tokens')) window.localStorage.setItem('vocal.tokens', JSON.stringify(tokens));
      } catch {
        // A page with no storage of its own (about:blank) needs none.
      }
    },
    { accessToken: who.token, refreshToken: who.refreshToken },
  );
  return context;
}

let visitorCounter = 0;
/** A call as an anonymous visitor, from an address of its own (the server's per-address limits). */
async function asVisitor(path: string, json: unknown) {
  const response = await fetch(`${product.url}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.27.3.${++visitorCounter}` },
    body: JSON.stringify(json),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string };
}

async function openInbox(page: Page) {
  await page.goto(`${product.url}/recordings`);
  await page.getByRole('heading', { name: 'Recordings', level: 1 }).waitFor();
  await page.locator('.inbox-skeleton').waitFor({ state: 'detached' });
}

const navigationLink = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Recordings/ });
const headingOf = (card: Locator) => card.getByRole('heading').first().textContent();
const mailTo = (address: string, subject: string) => smtp.waitFor((mail) => mail.to.includes(address) && mail.subject.includes(subject));

/** Every control the locator finds is a thumb's size (its laid-out height: a dialog still rising is scaled). */
async function thumbSized(controls: Locator) {
  for (const control of await controls.all()) {
    const [height, html] = await control.evaluate(
      (element) => [(element as HTMLElement).offsetHeight, element.outerHTML.slice(0, 120)] as const,
    );
    expect(height, html).toBeGreaterThanOrEqual(44);
  }
}

describe('comments in the inbox and answers to what people send', () => {
  it('on a desktop: a visitor writes and a listener comments through the pages; the owner reads, answers the message by voice and, by keyboard alone, the comment in words', async () => {
    const ada = await person('Ada Lovelace');
    const lee = await person('Lee Listener');
    const subject = 'Team update';
    const message = await sendMessage(ada, subject);
    const code = (await call(ada, 'GET', 'account')).inviteCode as string;
    const visitorEmail = uniqueEmail('grace');

    // A visitor writes through the contact form, signed out.
    const visitor = await contextFor(browser, 'desktop', 'light');
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`${product.url}/contact-form/${code}`);
    await visitorPage.getByRole('button', { name: 'Send a message instead' }).click();
    await visitorPage.getByLabel('Enter your email address').fill(visitorEmail);
    await visitorPage.getByLabel('Message', { exact: true }).fill('Could you send me the slides from Tuesday?');
    await visitorPage.getByRole('button', { name: 'Send message' }).click();
    await visitorPage.getByRole('heading', { name: 'Message sent' }).waitFor();

    // A listener, signed in, comments on the listen page; someone else comments without an account.
    const listener = await signedIn(lee, 'desktop', 'light');
    const listenerPage = await listener.newPage();
    await listenerPage.goto(`${product.url}/listen/${message}`);
    const commentForm = listenerPage.locator('section.comments form');
    await commentForm.getByLabel('Your name').fill('Lee Listener');
    await commentForm.getByLabel('Comment', { exact: true }).fill('Count me in for Friday');
    await listenerPage.getByRole('button', { name: 'Post comment' }).click();
    await listenerPage.locator('section.comments').getByText('Count me in for Friday').waitFor();
    await listener.close();
    await asVisitor(`comments/${message}`, { name: 'Vera Visitor', text: 'Lovely news, well done' });

    const owner = await signedIn(ada, 'desktop', 'light');
    const page = await owner.newPage();
    await openInbox(page);
    // The written message and both comments are unread, and counted.
    await expect.poll(() => navigationLink(page).textContent()).toBe('Recordings3, 3 unread');
    const thread = page.locator('.inbox-list__thread', { has: page.getByRole('article', { name: subject }) });
    // Both comments under the message they are on (the list's name changes as answers join it).
    await thread.getByRole('list', { name: 'Comments (2)' }).waitFor();
    const leesComment = thread.getByRole('article', { name: /^Comment from Lee Listener/ });
    const verasComment = thread.getByRole('article', { name: /^Comment from Vera Visitor/ });
    await leesComment.getByText('Count me in for Friday').waitFor();
    expect(await headingOf(leesComment)).toBe('Comment from Lee Listener, unread');
    expect(await headingOf(verasComment)).toBe('Comment from Vera Visitor, unread');
    await axeAndShootBothSchemes(page, 'light', 'answers-inbox-desktop');

    // Read: Vera's comment from its menu; the count follows at once.
    await verasComment.getByRole('button', { name: 'More actions for the comment from Vera Visitor' }).click();
    await page.getByRole('menuitem', { name: 'Mark as read' }).click();
    await expect.poll(() => headingOf(verasComment)).toBe('Comment from Vera Visitor');
    await expect.poll(() => navigationLink(page).textContent()).toBe('Recordings2, 2 unread');

    // Vera left no address: the dialog says so before anything is answered.
    await verasComment.getByRole('button', { name: 'Answer the comment from Vera Visitor' }).click();
    const veraDialog = page.getByRole('dialog', { name: 'Answer Vera Visitor' });
    await veraDialog
      .getByText('This comment came with no email address, so Vera Visitor cannot be told of your answer.', { exact: false })
      .waitFor();
    await veraDialog.getByRole('button', { name: 'Cancel' }).click();
    await veraDialog.waitFor({ state: 'detached' });

    // The written message, answered by voice.
    const written = page.getByRole('article', { name: /^Written message · / });
    await written.getByRole('button', { name: /^Answer / }).click();
    const dialog = page.getByRole('dialog', { name: `Answer ${visitorEmail}` });
    await dialog.getByText(`Your answer will go by email to ${visitorEmail}.`).waitFor();
    await dialog.getByText('Could you send me the slides from Tuesday?').waitFor();
    // Words came, so words are offered first; the owner picks voice.
    expect(await dialog.getByRole('radio', { name: 'In writing' }).isChecked()).toBe(true);
    await dialog.getByRole('radio', { name: 'By voice' }).check();
    expect(await axeViolations(page)).toEqual([]);
    await recordUntil(page, 2);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(shotsFolder, 'answers-voice-review-desktop-light.png') });
    await dialog.getByRole('button', { name: 'Send answer' }).click();
    await dialog.getByText('Your answer was sent.').waitFor();
    const link = await dialog.getByRole('textbox', { name: 'Link to your answer' }).inputValue();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });

    const voiceMail = await mailTo(visitorEmail, 'answered');
    expect(voiceMail.subject).toBe('Ada Lovelace answered your message');
    expect(voiceMail.text).toContain(`Listen to the answer: ${link}`);
    expect(voiceMail.text).toContain('> Could you send me the slides from Tuesday?');
    // The link works for the visitor, signed out.
    await visitorPage.goto(link.replace('localhost', '127.0.0.1'));
    await visitorPage.getByRole('button', { name: 'Play', exact: true }).waitFor();
    await visitorPage.getByText('Ada Lovelace', { exact: false }).first().waitFor();
    await visitor.close();
    // Answering read it; the answer sits under it, saying to whom and that it was mailed.
    await expect.poll(() => navigationLink(page).textContent()).toBe('Recordings1, 1 unread');
    const writtenThread = page.locator('.inbox-list__thread', { has: written });
    const voiceAnswer = writtenThread.locator('.inbox-list__replies article');
    await voiceAnswer.getByText('Your answer', { exact: true }).waitFor();
    await voiceAnswer.getByText(visitorEmail).waitFor();

    // Lee's comment, answered in words with the keyboard alone.
    const answerLee = leesComment.getByRole('button', { name: 'Answer the comment from Lee Listener' });
    await answerLee.focus();
    await page.keyboard.press('Enter');
    const leeDialog = page.getByRole('dialog', { name: 'Answer Lee Listener' });
    await leeDialog.getByText('Lee Listener will get your answer by email, at the address of their Vocal account.').waitFor();
    // Focus starts on the way of answering the comment came in: words.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe('text');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    await page.keyboard.type('See you on Friday, Lee!');
    await page.keyboard.press('Tab');
    expect(await leeDialog.getByRole('button', { name: 'Send answer' }).evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await leeDialog.getByText('Your answer was sent.').waitFor();
    await leeDialog.getByText('Lee Listener gets an email with it.').waitFor();
    await page.keyboard.press('Escape');
    await leeDialog.waitFor({ state: 'detached' });

    const textMail = await mailTo(lee.email, 'comment');
    expect(textMail.subject).toBe(`Ada Lovelace answered your comment on “${subject}”`);
    expect(textMail.text).toContain('> See you on Friday, Lee!');
    expect(textMail.text).toContain('> Count me in for Friday');
    expect(textMail.text).toContain(`See the message you commented on: `);
    // Everything is read now; the written answer is in the thread of the message commented on.
    await expect.poll(() => navigationLink(page).textContent()).toBe('Recordings');
    expect(await headingOf(leesComment)).toBe('Comment from Lee Listener');
    await thread
      .getByRole('article', { name: `Re: ${subject}` })
      .getByText('See you on Friday, Lee!')
      .waitFor();
    // The voice answer's mail went: the card says when (marked by the job once the mail is sent,
    // so a list loaded before that moment is loaded again).
    await expect
      .poll(async () => {
        if ((await voiceAnswer.locator('.inbox-item__mailed').count()) === 0) await openInbox(page);
        return voiceAnswer.locator('.inbox-item__mailed').textContent();
      })
      .toMatch(/^· emailed /);
    await axeAndShootBothSchemes(page, 'light', 'answers-thread-desktop');
    await owner.close();
  });

  it('on a phone by touch: the comment under its message, thumb-sized controls, a voice answer to a contact-form message and a written one to a comment', async () => {
    const ada = await person('Ada Lovelace');
    const lee = await person('Lee Listener');
    const subject = 'Site visit';
    const message = await sendMessage(ada, subject);
    const code = (await call(ada, 'GET', 'account')).inviteCode as string;
    const visitorEmail = uniqueEmail('noor');
    await asVisitor(`contact-form/${code}/messages`, { email: visitorEmail, subject: 'Parking', message: 'Where can I park on the day?' });
    const response = await fetch(`${product.url}/api/comments/${message}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${lee.token}` },
      body: JSON.stringify({ name: 'Lee Listener', text: 'I will bring the plans' }),
    });
    expect(response.status).toBe(201);

    const owner = await signedIn(ada, 'phone', 'dark');
    const page = await owner.newPage();
    await openInbox(page);
    await expect.poll(() => navigationLink(page).textContent()).toBe('Recordings2, 2 unread');
    const comment = page.getByRole('article', { name: /^Comment from Lee Listener/ });
    expect(await headingOf(comment)).toBe('Comment from Lee Listener, unread');
    expect(await horizontalOverflow(page)).toBe(0);
    await thumbSized(page.locator('.inbox-item__action, .inbox-item .popover-menu__button'));
    await axeAndShootBothSchemes(page, 'dark', 'answers-inbox-phone');

    // The contact-form message, answered by voice.
    const parking = page.getByRole('article', { name: 'Parking' });
    await parking.getByRole('button', { name: 'Answer Parking' }).tap();
    const dialog = page.getByRole('dialog', { name: `Answer ${visitorEmail}` });
    await dialog.getByText(`Your answer will go by email to ${visitorEmail}.`).waitFor();
    await thumbSized(dialog.locator('.answer-dialog__mode, .vk-button:visible'));
    await dialog.getByText('By voice').tap();
    expect(await horizontalOverflow(page)).toBe(0);
    await axeAndShootBothSchemes(page, 'dark', 'answers-dialog-phone');
    await recordUntil(page, 2);
    expect(await horizontalOverflow(page)).toBe(0);
    await dialog.getByRole('button', { name: 'Send answer' }).tap();
    await dialog.getByText('Your answer was sent.').waitFor();
    const link = await dialog.getByRole('textbox', { name: 'Link to your answer' }).inputValue();
    await dialog.getByRole('button', { name: 'Done' }).tap();
    const voiceMail = await mailTo(visitorEmail, 'answered');
    expect(voiceMail.subject).toBe('Ada Lovelace answered your message “Parking”');
    expect(voiceMail.text).toContain(`Listen to the answer: ${link}`);
    const listen = await fetch(link.replace('localhost', '127.0.0.1'));
    expect(listen.status).toBe(200);
    expect(await listen.text()).toContain('Re: Parking');

    // The comment, answered in words.
    await comment.getByRole('button', { name: 'Answer the comment from Lee Listener' }).tap();
    const leeDialog = page.getByRole('dialog', { name: 'Answer Lee Listener' });
    await leeDialog.getByLabel('Your answer').fill('Thanks, Lee. Bring two copies.');
    await thumbSized(leeDialog.locator('textarea'));
    await leeDialog.getByRole('button', { name: 'Send answer' }).tap();
    await leeDialog.getByText('Your answer was sent.').waitFor();
    await page.screenshot({ path: join(shotsFolder, 'answers-sent-phone-dark.png') });
    await leeDialog.getByRole('button', { name: 'Done' }).tap();
    const textMail = await mailTo(lee.email, 'comment');
    expect(textMail.text).toContain('> Thanks, Lee. Bring two copies.');
    await expect.poll(() => navigationLink(page).textContent()).toBe('Recordings');
    expect(await horizontalOverflow(page)).toBe(0);
    await owner.close();
  });
});
