import { eq } from 'drizzle-orm';
import { listenPageSettingsSchema } from '@vocal/settings-model';
import { personalisations } from '../db/schema.ts';
import { makePng } from '@vocal/test-fixtures';
import { describe, expect, it } from 'vitest';
import { embeddedBackend } from '../../test/harness/test-server.ts';
import { serverForSuite } from '../../test/harness/suite-servers.ts';
import { samplePeaks, samplePng, threeSecondMp3, uploadForm } from '../../test/harness/upload-form.ts';

describe.each(embeddedBackend)('personalisation and folders on %s', (backend) => {
  const server = serverForSuite(backend);

  async function pro() {
    const user = await server.signUp();
    await server.running.services.admin.setPlan({ email: user.email, plan: 'pro' });
    return user;
  }

  async function message(token: string) {
    const { body } = await server.call('GET', '/api/get-vocal', { token });
    await server.call('POST', '/api/upload-vocal', {
      token,
      form: uploadForm({
        recording: await threeSecondMp3(),
        image: samplePng(),
        context: { id: body.id, duration: 3, peaks: samplePeaks },
      }),
    });
    return body.id as string;
  }

  describe('personalisation', () => {
    it('GET returns every group with its defaults', async () => {
      const user = await server.signUp();
      const reply = await server.call('GET', '/api/personalisation', { token: user.access });
      expect(reply.status).toBe(200);
      expect(Object.keys(reply.body).sort()).toEqual(
        ['attachment', 'contactForm', 'defaults', 'listenPage', 'notifications', 'recorder', 'signature', 'themes', 'user'].sort(),
      );
      expect(reply.body.signature.message).toBe('Hey, check out my voice message!');
      expect(reply.body.themes).toHaveLength(4);
    });

    it('POST merges a patch, keeps the rest, and it shows on the listen page', async () => {
      const user = await pro();
      const saved = await server.call('POST', '/api/personalisation', {
        token: user.access,
        json: {
          listenPage: { cta: { message: 'Book a call', link: 'https://example.com/book' }, theme: 2 },
          attachment: { enabled: true },
        },
      });
      expect(saved.status).toBe(200);
      expect(saved.body.listenPage.cta).toEqual({
        enabled: true,
        link: 'https://example.com/book',
        message: 'Book a call',
        button: 'Join for free',
      });
      expect(saved.body.attachment).toEqual({ name: 'Voice memo', enabled: true });
      const id = await message(user.access);
      const listen = await server.call('GET', `/api/view-vocal/${id}`);
      expect(listen.body.settings.cta.message).toBe('Book a call');
      expect(listen.body.settings.theme.preset).toBe('Black');
      expect(listen.body.settings.branding).toBe(false);
    });

    it('refuses a javascript: CTA link, bad colours and unknown groups, and saves nothing', async () => {
      const user = await pro();
      for (const [json, message] of [
        [{ listenPage: { cta: { link: 'javascript:alert(1)' } } }, /^listenPage.cta.link: must be an http or https URL$/],
        [
          { themes: [{ name: 'x', preset: 'Light', primary: 'expression(alert(1))', neutral: '#000', background: '#fff' }] },
          /themes.0.primary: must be a colour/,
        ],
        [{ billing: {} }, /Unrecognized key/],
        [{ listenPage: 'nope' }, /listenPage/],
      ] as const) {
        const reply = await server.call('POST', '/api/personalisation', { token: user.access, json });
        expect(reply.status).toBe(400);
        expect(reply.body.msg).toMatch(message);
      }
      const after = await server.call('GET', '/api/personalisation', { token: user.access });
      expect(after.body.listenPage.cta.link).toBeNull();
      expect(after.body.themes).toHaveLength(4);
    });

    it('keeps theme and CTA customisation for Pro; Free may change the rest', async () => {
      const user = await server.signUp();
      const refused = await server.call('POST', '/api/personalisation', {
        token: user.access,
        json: { listenPage: { cta: { message: 'Mine' } } },
      });
      expect(refused.status).toBe(403);
      expect(refused.body.msg).toMatch(/listenPage.cta is a Pro feature/);
      const allowed = await server.call('POST', '/api/personalisation', {
        token: user.access,
        json: { signature: { message: 'Listen!' }, recorder: { deviceId: 'mic-2' } },
      });
      expect(allowed.status).toBe(200);
      expect(allowed.body.signature.message).toBe('Listen!');
    });

    it("the listen page's logo is a picture the owner uploaded here, as the avatar is (issue 23, finding 14)", async () => {
      const owner = await pro();
      const other = await pro();
      const upload = async (token: string) => {
        const form = new FormData();
        form.set('img', new Blob([makePng(40, 40)], { type: 'image/png' }), 'logo.png');
        return (await server.call('POST', '/api/image', { token, form })).body.url as string;
      };
      const theirs = await upload(other.access);
      for (const logoUrl of ['https://tracker.example/pixel.png?listener=1', theirs, `${server.url}/files/nothing.png`]) {
        const refused = await server.call('POST', '/api/personalisation', { token: owner.access, json: { listenPage: { logoUrl } } });
        expect(refused.status, logoUrl).toBe(400);
        expect(refused.body.msg).toBe('listenPage.logoUrl: must be a picture you uploaded to this server (POST /image)');
      }
      expect((await server.call('GET', '/api/personalisation', { token: owner.access })).body.listenPage.logoUrl).toBeNull();
      const mine = await upload(owner.access);
      const saved = await server.call('POST', '/api/personalisation', { token: owner.access, json: { listenPage: { logoUrl: mine } } });
      expect(saved.status).toBe(200);
      expect(saved.body.listenPage.logoUrl).toBe(mine);
      const id = await message(owner.access);
      expect((await server.call('GET', `/api/view-vocal/${id}`)).body.settings.logoUrl).toBe(mine);
      const cleared = await server.call('POST', '/api/personalisation', { token: owner.access, json: { listenPage: { logoUrl: null } } });
      expect(cleared.body.listenPage.logoUrl).toBeNull();
      // One saved before the rule, straight in the database: the listen page leaves it out.
      await server.running.services.db
        .update(personalisations)
        .set({ settings: { listenPage: listenPageSettingsSchema.parse({ logoUrl: 'https://tracker.example/pixel.png' }) } })
        .where(eq(personalisations.userId, owner.id));
      expect((await server.call('GET', `/api/view-vocal/${id}`)).body.settings.logoUrl).toBeNull();
    });

    it("one user's settings never reach another's", async () => {
      const first = await server.signUp();
      const second = await server.signUp();
      await server.call('POST', '/api/personalisation', { token: first.access, json: { signature: { message: 'Only mine' } } });
      const theirs = await server.call('GET', '/api/personalisation', { token: second.access });
      expect(theirs.body.signature.message).toBe('Hey, check out my voice message!');
    });
  });

  describe('folders', () => {
    it('GET recordings lists the loose recordings first, then each folder', async () => {
      const user = await pro();
      const id = await message(user.access);
      const created = await server.call('POST', '/api/folder', { token: user.access, json: { name: 'Clients' } });
      expect(created.status).toBe(201);
      const uuid = created.body.uuid;
      expect((await server.call('POST', '/api/recordings', { token: user.access, json: { audio_uuid: id, folder_id: uuid } })).status).toBe(
        200,
      );
      const list = await server.call('GET', '/api/recordings', { token: user.access });
      expect(list.body.folders.map((folder: { uuid: string | null; name: string }) => [folder.uuid, folder.name])).toEqual([
        [null, 'Recordings'],
        [uuid, 'Clients'],
      ]);
      expect(list.body.folders[1].recordings.map((recording: { id: string }) => recording.id)).toEqual([id]);
      expect(list.body.folders[0].recordings).toEqual([]);

      expect((await server.call('PUT', '/api/folder', { token: user.access, json: { uuid, name: 'Customers' } })).body).toEqual({
        uuid,
        name: 'Customers',
      });
      expect((await server.call('DELETE', '/api/folder', { token: user.access, json: { uuid } })).status).toBe(200);
      const after = await server.call('GET', '/api/recordings', { token: user.access });
      expect(after.body.folders).toHaveLength(1);
      expect(after.body.folders[0].recordings.map((recording: { id: string }) => recording.id)).toEqual([id]);
    });

    it('folders are Pro: a Free user gets a clear 403', async () => {
      const user = await server.signUp();
      const reply = await server.call('POST', '/api/folder', { token: user.access, json: { name: 'Mine' } });
      expect(reply).toMatchObject({ status: 403, body: { msg: 'Folders are a Pro feature. Upgrade to organise your recordings.' } });
    });

    it("never touches another user's folder or recording", async () => {
      const owner = await pro();
      const intruder = await pro();
      const id = await message(owner.access);
      const { body: folder } = await server.call('POST', '/api/folder', { token: owner.access, json: { name: 'Private' } });
      const { body: theirFolder } = await server.call('POST', '/api/folder', { token: intruder.access, json: { name: 'Theirs' } });
      expect(
        (await server.call('PUT', '/api/folder', { token: intruder.access, json: { uuid: folder.uuid, name: 'Mine now' } })).status,
      ).toBe(404);
      expect((await server.call('DELETE', '/api/folder', { token: intruder.access, json: { uuid: folder.uuid } })).status).toBe(404);
      expect(
        (await server.call('POST', '/api/recordings', { token: intruder.access, json: { audio_uuid: id, folder_id: theirFolder.uuid } }))
          .status,
      ).toBe(404);
      expect(
        (await server.call('POST', '/api/recordings', { token: owner.access, json: { audio_uuid: id, folder_id: theirFolder.uuid } }))
          .status,
      ).toBe(404);
      const list = await server.call('GET', '/api/recordings', { token: owner.access });
      expect(list.body.folders.map((item: { name: string }) => item.name)).toEqual(['Recordings', 'Private']);
    });

    it('refuses bad folder input with 400', async () => {
      const user = await pro();
      for (const [method, json, message] of [
        ['POST', { name: '' }, /^name: must not be empty$/],
        ['POST', {}, /^name: is required$/],
        ['PUT', { uuid: 'not-a-uuid', name: 'x' }, /^uuid: must be a UUID$/],
        ['DELETE', {}, /uuid/],
      ] as const) {
        const reply = await server.call(method, '/api/folder', { token: user.access, json });
        expect(reply.status).toBe(400);
        expect(reply.body.msg).toMatch(message);
      }
    });
  });
});
