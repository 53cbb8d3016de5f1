import { makePng } from '@vocal/test-fixtures';
import { listenPageSettingsSchema } from '@vocal/settings-model';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { personalisations } from '../db/schema.ts';
import { FOREIGN_AVATAR } from './account-service.ts';
import { embeddedBackend } from '../../test/harness/test-server.ts';
import { serverForSuite, smtpForSuite } from '../../test/harness/suite-servers.ts';
import { fromAddress, newAddress, ownerMessage, shareCodeOf } from '../../test/harness/visitor-helpers.ts';

describe.each(embeddedBackend)("a person's name and avatar: one source on %s", (backend) => {
  const smtp = smtpForSuite();
  const server = serverForSuite(backend, () => ({ TRUST_PROXY: 'true', SMTP_URL: smtp.url }));

  async function uploadPicture(token: string): Promise<string> {
    const form = new FormData();
    form.set('img', new Blob([makePng(16, 16)], { type: 'image/png' }), 'avatar.png');
    form.set('kind', 'avatar');
    const reply = await server.call('POST', '/api/image', { token, form });
    expect(reply.status).toBe(200);
    return reply.body.url as string;
  }

  /** Everything that shows the owner to someone else, read signed out (and the owner's own two calls). */
  async function surfaces(owner: { access: string }, messageId: string, code: string) {
    const [account, settings, payload, form, collect, page, card] = await Promise.all([
      server.call('GET', '/api/account', { token: owner.access }),
      server.call('GET', '/api/personalisation', { token: owner.access }),
      server.call('GET', `/api/view-vocal/${messageId}`),
      server.call('GET', `/api/contact-form/${code}`),
      server.call('GET', `/api/collect/${code}`),
      fetch(`${server.url}/listen/${messageId}`).then((response) => response.text()),
      fetch(`${server.url}/listen/${messageId}/card.png`),
    ]);
    return {
      account: { name: account.body.name, avatarUrl: account.body.avatarUrl },
      personalisation: settings.body.user,
      listenName: payload.body.settings.name,
      listenUser: { name: payload.body.user.name, avatarUrl: payload.body.user.avatarUrl },
      contactForm: { name: form.body.name, avatarUrl: form.body.user.avatarUrl },
      collect: { name: collect.body.name, avatarUrl: collect.body.user.avatarUrl },
      page,
      cardVersion: card.headers.get('etag'),
    };
  }

  it('a name and avatar set by either call show on every surface, and in the mails', async () => {
    const owner = await server.signUp();
    const code = await shareCodeOf(server, owner.access);
    const messageId = await ownerMessage(server, owner.access);
    const avatarUrl = await uploadPicture(owner.access);

    const byPersonalisation = await server.call('POST', '/api/personalisation', {
      token: owner.access,
      json: { user: { name: '  Ada Lovelace ', avatarUrl } },
    });
    expect(byPersonalisation.status).toBe(200);
    expect(byPersonalisation.body.user).toEqual({ name: 'Ada Lovelace', avatarUrl });
    const first = await surfaces(owner, messageId, code);
    expect(first).toMatchObject({
      account: { name: 'Ada Lovelace', avatarUrl },
      personalisation: { name: 'Ada Lovelace', avatarUrl },
      listenName: 'Ada Lovelace',
      listenUser: { name: 'Ada Lovelace', avatarUrl },
      contactForm: { name: 'Ada Lovelace', avatarUrl },
      collect: { name: 'Ada Lovelace', avatarUrl },
    });
    expect(first.page).toContain('content="Ada Lovelace shared this voice message with you (0:03)"');

    const byAccount = await server.call('POST', '/api/account', { token: owner.access, json: { name: 'Grace Hopper' } });
    expect(byAccount.status).toBe(200);
    const second = await surfaces(owner, messageId, code);
    expect(second).toMatchObject({
      account: { name: 'Grace Hopper', avatarUrl },
      personalisation: { name: 'Grace Hopper', avatarUrl },
      listenName: 'Grace Hopper',
      listenUser: { name: 'Grace Hopper' },
      contactForm: { name: 'Grace Hopper' },
      collect: { name: 'Grace Hopper' },
    });
    expect(second.page).toContain('content="Grace Hopper shared this voice message with you (0:03)"');
    expect(second.page).not.toContain('Ada Lovelace');
    // The link-preview card is drawn again for the new name.
    expect(second.cardVersion).toBeTruthy();
    expect(second.cardVersion).not.toBe(first.cardVersion);

    // A notification greets its owner by the account's name, with their picture.
    const comment = await server.call('POST', `/api/comments/${messageId}`, {
      headers: fromAddress(newAddress()),
      json: { name: 'Lin', text: 'Lovely' },
    });
    expect(comment.status).toBe(201);
    const mail = await smtp.waitFor((captured) => captured.to.includes(owner.email) && captured.subject.includes('commented'));
    expect(mail.text).toMatch(/^Hi Grace Hopper,/);
    expect(mail.html).toContain(`<img src="${avatarUrl}"`);

    // An empty name is the spec's default "You" for the owner, and "Someone" to everyone else.
    const emptied = await server.call('POST', '/api/personalisation', { token: owner.access, json: { user: { name: '' } } });
    expect(emptied.body.user).toEqual({ name: 'You', avatarUrl });
    const third = await surfaces(owner, messageId, code);
    expect(third).toMatchObject({ account: { name: 'You' }, listenName: 'Someone', contactForm: { name: 'Someone' } });
  });

  it('the name kept in an old personalisation row no longer speaks for the person', async () => {
    const owner = await server.signUp();
    await server.call('POST', '/api/account', { token: owner.access, json: { name: 'Current Name' } });
    await server.running.services.db
      .insert(personalisations)
      .values({ userId: owner.id, settings: { user: { name: 'Stale Name', avatarUrl: null } } });
    const settings = await server.call('GET', '/api/personalisation', { token: owner.access });
    expect(settings.body.user).toEqual({ name: 'Current Name', avatarUrl: null });
    // Saving another group does not copy the stale name anywhere.
    await server.call('POST', '/api/personalisation', { token: owner.access, json: { recorder: { skipReview: true } } });
    const [row] = await server.running.services.db.select().from(personalisations).where(eq(personalisations.userId, owner.id));
    expect(row?.settings).not.toHaveProperty('user');
  });

  it('a replaced or removed photo leaves no file behind, unless it is also the listen page logo', async () => {
    const owner = await server.signUp();
    const first = await uploadPicture(owner.access);
    const second = await uploadPicture(owner.access);
    await server.call('POST', '/api/account', { token: owner.access, json: { avatarUrl: first } });
    expect((await fetch(first)).status).toBe(200);
    await server.call('POST', '/api/account', { token: owner.access, json: { avatarUrl: second } });
    expect((await fetch(first)).status).toBe(404);
    expect((await server.call('POST', '/api/account', { token: owner.access, json: { avatarUrl: first } })).status).toBe(400);

    // The same picture as the logo (written as a Pro's save would leave it) stays.
    await server.running.services.db
      .insert(personalisations)
      .values({ userId: owner.id, settings: { listenPage: listenPageSettingsSchema.parse({ logoUrl: second }) } });
    await server.call('POST', '/api/account', { token: owner.access, json: { avatarUrl: null } });
    expect((await fetch(second)).status).toBe(200);
  });

  it("refuses an avatar that is not the user's own stored picture, through either call, changing nothing", async () => {
    const owner = await server.signUp();
    const other = await server.signUp();
    const ownUrl = await uploadPicture(owner.access);
    const othersUrl = await uploadPicture(other.access);
    await server.call('POST', '/api/account', { token: owner.access, json: { name: 'Kept', avatarUrl: ownUrl } });
    const storedButUnknown = othersUrl.replace(/images\/[^/]+$/, 'images/00000000-0000-4000-8000-000000000000.png');

    for (const avatarUrl of ['https://example.com/me.png', othersUrl, storedButUnknown, `${server.url}/files/../me.png`]) {
      const viaAccount = await server.call('POST', '/api/account', { token: owner.access, json: { name: 'Changed', avatarUrl } });
      expect(viaAccount).toMatchObject({ status: 400, body: { msg: FOREIGN_AVATAR } });
      const viaSettings = await server.call('POST', '/api/personalisation', {
        token: owner.access,
        json: { user: { name: 'Changed', avatarUrl }, recorder: { skipReview: true } },
      });
      expect(viaSettings).toMatchObject({ status: 400, body: { msg: FOREIGN_AVATAR } });
    }
    const settings = await server.call('GET', '/api/personalisation', { token: owner.access });
    expect(settings.body.user).toEqual({ name: 'Kept', avatarUrl: ownUrl });
    expect(settings.body.recorder.skipReview).toBe(false);

    const badField = await server.call('POST', '/api/personalisation', { token: owner.access, json: { user: { plan: 1 } } });
    expect(badField.status).toBe(400);
    expect(badField.body.msg).toMatch(/^user: Unrecognized key/);

    // Remove photo: null is always accepted.
    const removed = await server.call('POST', '/api/account', { token: owner.access, json: { avatarUrl: null } });
    expect(removed).toMatchObject({ status: 200, body: { avatarUrl: null, name: 'Kept' } });
  });
});
