import {
  axeViolations,
  recordUntil,
  signInWithPassword,
  signUpOverApi,
  startHostSuite,
  strangerPlays,
  repliesListedFor,
  strangerRepliesByVoice,
  uniqueEmail,
  watchPageErrors,
  type HostSuite,
} from '@vocal/e2e';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationContext, openFrontSidebar, type FrontHarnessOptions } from './front-harness.ts';
import { LIGHT_LINK_STYLE } from '@vocal/host-contract/contract';

let suite: HostSuite;
const sidebarSize = { width: 340, height: 720 };
const sidebarUrl = () => `${suite.product.url}/hosts/front-app/sidebar.html`;

beforeAll(async () => {
  suite = await startHostSuite('Hello, this is a voice message recorded in Front. Listen to it and reply.', { seconds: 8 });
});

afterAll(async () => {
  await suite?.stop();
});

/**
 * Opens the plugin in Front's sidebar (sandboxed as Front does: no pop-ups) and signs in inside
 * it, as a teammate with an account: no window opens.
 */
async function signedInSidebar(context: BrowserContext, options: FrontHarnessOptions & { email: string }) {
  const front = await openFrontSidebar(context, sidebarUrl(), options);
  const errors = watchPageErrors(front.page);
  await expect.poll(() => front.sidebar.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(options.email);
  expect(await axeViolations(front.frame)).toEqual([]);
  await signInWithPassword(front.sidebar);
  await front.sidebar.getByText(`Signed in as ${options.email}`).waitFor();
  expect(context.pages()).toHaveLength(1);
  return { ...front, errors };
}

describe('the Front plugin', () => {
  it('is served where the README says, framed by Front’s pages only, and says so when opened outside Front', async () => {
    const response = await fetch(sidebarUrl());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const framing = /frame-ancestors ([^;]+)/.exec(response.headers.get('content-security-policy') ?? '')?.[1]?.split(' ');
    expect(framing).toEqual(expect.arrayContaining(['https://*.frontapp.com', 'https://*.frontapplication.com']));

    const context = await suite.browser.newContext({ viewport: sidebarSize });
    const page = await context.newPage();
    await page.goto(sidebarUrl());
    await page.getByRole('heading', { name: 'Open Vocal from Front' }).waitFor();
    await context.close();
  });

  it('signs in inside the sidebar, records, and starts a reply to the latest message with the escaped link (createDraft)', async () => {
    const email = uniqueEmail('front');
    await signUpOverApi(suite.product.url, email);
    const context = await suite.browser.newContext({ viewport: sidebarSize });
    const front = await signedInSidebar(context, {
      email,
      context: conversationContext({ subject: 'Refund for order <1234> & more', email }),
      messages: [
        { id: 'msg_first', date: '2025-01-06T09:00:00Z' },
        { id: 'msg_latest', date: '2025-01-07T09:00:00Z' },
      ],
    });
    const { sidebar } = front;
    expect(await axeViolations(front.frame)).toEqual([]);

    await recordUntil(sidebar, 3);
    // The conversation's subject is the title; nothing goes into Front before the teammate confirms.
    await expect.poll(() => sidebar.getByRole('textbox', { name: 'Title' }).inputValue()).toBe('Refund for order <1234> & more');
    expect(await front.callsNamed('createDraft')).toEqual([]);
    await sidebar.getByRole('button', { name: 'Add to draft' }).click();
    await sidebar.getByText('The link was added where you are writing.').waitFor();
    const url = await sidebar.getByRole('textbox', { name: 'Link to your message' }).inputValue();
    expect(url).toMatch(/\/listen\/[A-Za-z0-9]{12}$/);
    expect(await axeViolations(front.frame)).toEqual([]);

    // No draft was open: a reply to the conversation's latest message, with exactly this HTML.
    const calls = await front.calls();
    expect(calls.map((call) => call.name)).toEqual(['listMessages', 'createDraft']);
    expect(calls[1]!.args).toEqual([
      {
        content: {
          body: `<p>Hey, check out my voice message!<br>🎙️ <a href="${url}" style="${LIGHT_LINK_STYLE}">Refund for order &#60;1234&#62; &#38; more</a></p>`,
          type: 'html',
        },
        replyOptions: { type: 'reply', originalMessageId: 'msg_latest' },
      },
    ]);

    // The listen link opens through Front (delegateNewWindowsToFront), in the teammate's browser.
    await sidebar.getByRole('link', { name: 'Open' }).click();
    await expect.poll(async () => (await front.callsNamed('openUrl')).map((call) => call.args)).toEqual([[url]]);

    await strangerPlays(suite.browser, url);
    expect(front.errors).toEqual([]);
    await context.close();
  });

  it('inserts at the caret of the draft being written (updateDraft, insert mode), titled by the subject Front shows now', async () => {
    const email = uniqueEmail('front');
    await signUpOverApi(suite.product.url, email);
    const context = await suite.browser.newContext({ viewport: sidebarSize });
    const front = await signedInSidebar(context, { email, context: conversationContext({ subject: 'Old subject', email }) });
    // The teammate opens another conversation, with a reply being written.
    await front.setContext({ ...conversationContext({ subject: 'Delivery date', draftId: 'dra_open', email }), id: 'context-2' });

    await recordUntil(front.sidebar, 3);
    await expect.poll(() => front.sidebar.getByRole('textbox', { name: 'Title' }).inputValue()).toBe('Delivery date');
    await front.sidebar.getByRole('button', { name: 'Add to draft' }).click();
    await front.sidebar.getByText('The link was added where you are writing.').waitFor();
    const url = await front.sidebar.getByRole('textbox', { name: 'Link to your message' }).inputValue();
    expect(await front.calls()).toEqual([
      {
        name: 'updateDraft',
        contextId: 'context-2',
        args: [
          'dra_open',
          {
            updateMode: 'insert',
            content: {
              body: `<p>Hey, check out my voice message!<br>🎙️ <a href="${url}" style="${LIGHT_LINK_STYLE}">Delivery date</a></p>`,
              type: 'html',
            },
          },
        ],
      },
    ]);
    expect(front.errors).toEqual([]);
    await context.close();
  });

  it('shows a voice reply to a message recorded in this conversation in its sidebar only, and adds it to the conversation’s draft', async () => {
    const email = uniqueEmail('front-replies');
    const token = await signUpOverApi(suite.product.url, email);
    const context = await suite.browser.newContext({ viewport: { width: 900, height: 760 } });
    const conversationA = conversationContext({ id: 'cnv_a1', subject: 'Refund', email });
    const front = await signedInSidebar(context, {
      email,
      context: conversationA,
      messages: [{ id: 'msg_a1', date: '2025-01-07T09:00:00Z' }],
    });
    const { sidebar } = front;
    const focusSidebar = () => front.frame.evaluate(() => window.dispatchEvent(new Event('focus')));

    // Recorded in conversation cnv_a1 (the link starts a reply there): nothing has come back yet.
    await recordUntil(sidebar, 3);
    await sidebar.getByRole('button', { name: 'Add to draft' }).click();
    await sidebar.getByText('The link was added where you are writing.').waitFor();
    const url = await sidebar.getByRole('textbox', { name: 'Link to your message' }).inputValue();
    const replies = sidebar.getByRole('region', { name: /^Replies here/ });
    const noReplies = replies.getByText('When someone answers a message you recorded here, their reply shows up here.');
    await noReplies.waitFor();

    // The customer answers by voice on the listen page; the teammate comes back to the sidebar.
    await strangerRepliesByVoice(suite.browser, url, 'Ana Lima');
    await focusSidebar();
    await replies.getByRole('heading', { name: 'Replies here 1 new reply' }).waitFor();
    const card = replies.getByRole('listitem');
    await card.getByText('Ana Lima', { exact: true }).waitFor();
    await card.getByRole('group', { name: 'Voice message: Voice reply from Ana Lima' }).waitFor();
    expect(await axeViolations(front.frame)).toEqual([]);

    // Only this conversation lists it: the server answers another conversation with nothing.
    const listFor = (conversation: string) => repliesListedFor(suite.product.url, token, conversation);
    const [reply] = await listFor('front:cnv_a1');
    expect(reply?.senderName).toBe('Ana Lima');
    expect(await listFor('front:cnv_b2')).toEqual([]);

    // The teammate opens another conversation with the sidebar open (Front sends a new context):
    // it lists none of the first one's replies, and they are back when the teammate is.
    await front.setContext({ ...conversationContext({ id: 'cnv_b2', subject: 'Invoice', email }), id: 'context-2' });
    await focusSidebar();
    await noReplies.waitFor();
    await front.setContext({ ...conversationA, id: 'context-3' });
    await focusSidebar();
    await replies.getByRole('heading', { name: 'Replies here 1 new reply' }).waitFor();

    // Added to the draft: at its caret (updateDraft, insert mode), after the link recorded there,
    // who replied as a link to hear it.
    await card.getByRole('button', { name: 'Add to draft' }).click();
    await card.getByText('The reply is in this conversation’s draft: nothing is sent until you send it.').waitFor();
    const replyUrl = url.replace(/\/listen\/[^/]+$/, `/listen/${reply!.id}`);
    const [update, ...more] = await front.callsNamed('updateDraft');
    expect(more).toEqual([]);
    expect(update).toMatchObject({ contextId: 'context-3', args: ['dra_1', { updateMode: 'insert', content: { type: 'html' } }] });
    const body = (update!.args[1] as { content: { body: string } }).content.body;
    expect(body.startsWith(`<p>🎙️ <a href="${replyUrl}">Voice reply from Ana Lima</a></p>`)).toBe(true);
    expect(await front.draft.getAttribute('data-draft-id')).toBe('dra_1');
    const links = front.draft.getByRole('link');
    expect(await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')))).toEqual([url, replyUrl]);
    expect(await front.draft.getByRole('link', { name: 'Voice reply from Ana Lima' }).getAttribute('href')).toBe(replyUrl);
    // Putting it in counts as heard.
    await replies.getByRole('heading', { name: 'Replies here', exact: true }).waitFor();

    expect(front.errors).toEqual([]);
    await context.close();
  });
});
