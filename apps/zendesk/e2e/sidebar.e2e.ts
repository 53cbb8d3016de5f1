import {
  axeViolations,
  recordUntil,
  signInWithPassword,
  signUpOverApi,
  strangerPlays,
  repliesListedFor,
  strangerRepliesByVoice,
  uniqueEmail,
  watchPageErrors,
} from '@vocal/e2e';
import type { BrowserContext, Frame } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTicket, startZendeskSuite } from './zendesk-harness.ts';
import { LIGHT_LINK_STYLE } from '@vocal/host-contract/contract';

let suite: Awaited<ReturnType<typeof startZendeskSuite>>;

beforeAll(async () => {
  suite = await startZendeskSuite('Hello, this is a voice message recorded in the Zendesk sidebar. Listen and reply.');
});

afterAll(async () => {
  await suite?.stop();
});

/** Signs the agent in through our window, as the Sign in button offers. */
async function signInFromSidebar(context: BrowserContext, sidebar: Frame, email: string) {
  await sidebar.getByRole('button', { name: 'Sign in' }).waitFor();
  const opening = context.waitForEvent('page');
  await sidebar.getByRole('button', { name: 'Sign in' }).click();
  await signInWithPassword(await opening);
  await sidebar.getByText(`Signed in as ${email}`).waitFor();
}

describe('the Zendesk ticket sidebar', () => {
  it('serves the manifest with our public URL filled in', async () => {
    const response = await fetch(`${suite.product.url}/hosts/zendesk/manifest.json`);
    expect(response.status).toBe(200);
    const manifest = (await response.json()) as { location: { support: { ticket_sidebar: { url: string } } }; author: { url: string } };
    expect(manifest.location.support.ticket_sidebar.url).toBe(suite.sidebarUrl);
    expect(manifest.author.url).toBe(suite.product.url);
  });

  it('signs in through our window, records, and appends the titled link with its card to the reply', async () => {
    const email = uniqueEmail('zendesk');
    await signUpOverApi(suite.product.url, email);
    const context = await suite.browser.newContext({ viewport: { width: 900, height: 800 } });
    const ticket = await openTicket(context, suite.harness, suite.sidebarUrl, {
      subject: 'Printer on fire <again>',
      requester: 'Mikkel Svane',
      agentEmail: email,
      settings: { preview_image: true },
    });
    const { sidebar } = ticket;
    const errors = watchPageErrors(ticket.page);

    // Signed out: the handshake is done, and Sign in opens our sign-in window, prefilled with the agent's address.
    await sidebar.getByRole('button', { name: 'Sign in' }).waitFor();
    // The client that shook hands is Zendesk's own (zendesk_app_framework_sdk from npm, which names its 2.0 release), not the stand-in.
    const handshake = (await ticket.calls()).find((call) => 'key' in call && call.key === 'iframe.handshake');
    expect(handshake).toEqual({ key: 'iframe.handshake', message: { version: expect.stringMatching(/^2\.0\.\d+$/) } });
    expect(await axeViolations(sidebar)).toEqual([]);
    const opening = context.waitForEvent('page');
    await sidebar.getByRole('button', { name: 'Sign in' }).click();
    const signInWindow = await opening;
    expect(signInWindow.url()).toBe(`${suite.product.url}/hosts-sign-in?host=zendesk&email=${encodeURIComponent(email)}`);
    await expect.poll(() => signInWindow.getByLabel('Email').inputValue()).toBe(email);
    await signInWithPassword(signInWindow);
    await sidebar.getByText(`Signed in as ${email}`).waitFor();
    await expect.poll(() => signInWindow.isClosed()).toBe(true);

    // The title starts as the ticket's subject and requester; nothing goes into the reply before Add to reply.
    await recordUntil(sidebar, 4);
    const title = 'Printer on fire <again> · for Mikkel Svane';
    await expect.poll(() => sidebar.getByRole('textbox', { name: 'Title' }).inputValue()).toBe(title);
    expect(await ticket.invoked('ticket.comment.appendHtml')).toEqual([]);
    expect(await axeViolations(sidebar)).toEqual([]);
    await sidebar.getByRole('button', { name: 'Add to reply' }).click();
    await sidebar.getByText('Your message is ready', { exact: true }).waitFor();
    const url = await sidebar.getByRole('textbox', { name: 'Link to your message' }).inputValue();
    const id = /\/listen\/([A-Za-z0-9]{12})$/.exec(url)?.[1];
    expect(id).toBeDefined();

    // Exactly this went to ZAF: the signature and the escaped title as the link, and the card under it (the setting is on).
    const escaped = 'Printer on fire &#60;again&#62; · for Mikkel Svane';
    expect(await ticket.invoked('ticket.comment.appendHtml')).toEqual([
      [
        `<p>Hey, check out my voice message!<br>🎙️ <a href="${url}" style="${LIGHT_LINK_STYLE}">${escaped}</a></p>` +
          `<p><a href="${url}"><img src="${url}/card.png" alt="${escaped}" width="300"></a></p>`,
      ],
    ]);
    // Zendesk's editor shows it as the agent will send it: the title as text, the card as an image.
    expect(await ticket.reply.getByText(title, { exact: true }).getAttribute('href')).toBe(url);
    expect(await ticket.reply.getByRole('img', { name: title }).getAttribute('src')).toBe(`${url}/card.png`);
    const card = await fetch(`${url}/card.png`);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/png');

    // The frame follows its content through ZAF's resize; the server kept the title.
    const resizes = (await ticket.invoked('resize')).map((args) => (args[0] as { height: string }).height);
    expect(resizes.length).toBeGreaterThan(1);
    const listen = (await (await fetch(`${suite.product.url}/api/view-vocal/${id}`)).json()) as { audio: { subject: string | null } };
    expect(listen.audio.subject).toBe(title);

    // A stranger's browser plays the link.
    await strangerPlays(suite.browser, url);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a voice reply to a message recorded from this ticket in its sidebar only, and adds it as an internal note', async () => {
    const email = uniqueEmail('zendesk-replies');
    const token = await signUpOverApi(suite.product.url, email);
    const context = await suite.browser.newContext({ viewport: { width: 900, height: 900 } });
    const ticket = await openTicket(context, suite.harness, suite.sidebarUrl, {
      subject: 'Refund',
      requester: 'Ana Lima',
      agentEmail: email,
      ticketId: 4521,
    });
    const { sidebar } = ticket;
    const errors = watchPageErrors(ticket.page);
    await signInFromSidebar(context, sidebar, email);

    // Recorded from ticket 4521: nothing has come back yet.
    await recordUntil(sidebar, 3);
    await sidebar.getByRole('button', { name: 'Add to reply' }).click();
    await sidebar.getByText('Your message is ready', { exact: true }).waitFor();
    const url = await sidebar.getByRole('textbox', { name: 'Link to your message' }).inputValue();
    const replies = sidebar.getByRole('region', { name: /^Replies here/ });
    await replies.getByText('When someone answers a message you recorded here, their reply shows up here.').waitFor();

    // The customer answers by voice on the listen page; the agent comes back to the sidebar.
    await strangerRepliesByVoice(suite.browser, url, 'Ana Lima');
    await sidebar.evaluate(() => window.dispatchEvent(new Event('focus')));
    await replies.getByRole('heading', { name: 'Replies here 1 new reply' }).waitFor();
    const card = replies.getByRole('listitem');
    await card.getByText('Ana Lima', { exact: true }).waitFor();
    await card.getByRole('group', { name: 'Voice message: Voice reply from Ana Lima' }).waitFor();
    // Zendesk's own notification area said so too.
    await ticket.notices.getByText('Vocal: 1 new reply to your voice messages here.').waitFor();
    expect(await axeViolations(sidebar)).toEqual([]);

    // Only this ticket's sidebar lists it: the server answers another ticket with nothing.
    const listFor = (conversation: string) => repliesListedFor(suite.product.url, token, conversation);
    const [reply] = await listFor('zendesk:acme/4521');
    expect(reply?.senderName).toBe('Ana Lima');
    expect(await listFor('zendesk:acme/4522')).toEqual([]);

    // Added as an internal note: the editor switches kind, and holds who replied as a link to hear it.
    await card.getByRole('button', { name: 'Add as internal note' }).click();
    await card.getByText('The reply is in the ticket’s editor as an internal note: submit it to keep it on the ticket.').waitFor();
    expect(await ticket.setTo('ticket.comment.type')).toEqual(['internalNote']);
    expect(await ticket.reply.getAttribute('data-type')).toBe('internalNote');
    const replyUrl = url.replace(/\/listen\/[^/]+$/, `/listen/${reply!.id}`);
    expect(await ticket.reply.getByRole('link', { name: 'Voice reply from Ana Lima' }).getAttribute('href')).toBe(replyUrl);
    // Putting it in counts as heard.
    await replies.getByRole('heading', { name: 'Replies here', exact: true }).waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });
});
