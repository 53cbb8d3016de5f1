import { oembedResponseSchema, THEME_PRESETS, themeVariables } from '@vocal/settings-model';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordings, users } from '../db/schema.ts';
import { embeddedBackend, startTestServer, type TestServer } from '../../test/harness/test-server.ts';
import { getWithHost, ownerMessage } from '../../test/harness/visitor-helpers.ts';

/** What a crawler reads from a page without running JavaScript: the head's meta and link tags. */
function headTags(html: string) {
  const decode = (value: string) => value.replace(/&#(\d+);/g, (_entity, code: string) => String.fromCharCode(Number(code)));
  const meta = new Map<string, string>();
  for (const match of html.matchAll(/<meta (name|property)="([^"]+)" content="([^"]*)">/g)) meta.set(match[2]!, decode(match[3]!));
  const links = [...html.matchAll(/<link rel="([^"]+)"(?: type="([^"]+)")? href="([^"]*)"(?: title="([^"]*)")?>/g)].map((match) => ({
    rel: match[1]!,
    type: match[2],
    href: decode(match[3]!),
    title: match[4] === undefined ? undefined : decode(match[4]),
  }));
  return { meta, links };
}

const SLACKBOT = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';

describe.each(embeddedBackend)('link previews, oEmbed and the embed player on %s', (backend) => {
  let server: TestServer;
  let origin: string;
  beforeAll(async () => {
    server = await startTestServer(backend, { TRUST_PROXY: 'true' });
    origin = server.running.url;
  });
  afterAll(() => server.close());

  async function named(name: string) {
    const user = await server.signUp();
    await server.call('POST', '/api/account', { token: user.access, json: { name } });
    return user;
  }

  it('unfurls: a crawler without JavaScript finds every meta tag and the oEmbed link, and the oEmbed JSON', async () => {
    const owner = await named('Ada Lovelace');
    const id = await ownerMessage(server, owner.access, { subject: 'Quarterly numbers' });
    const response = await fetch(`${server.url}/listen/${id}`, { headers: { 'user-agent': SLACKBOT } });
    expect(response.status).toBe(200);
    const html = await response.text();
    const { meta, links } = headTags(html);
    const listen = `${origin}/listen/${id}`;
    const description = 'Ada Lovelace shared this voice message with you (0:03)';
    expect(Object.fromEntries(meta)).toEqual({
      description,
      'og:site_name': 'Vocal',
      'og:type': 'website',
      'og:title': 'Quarterly numbers',
      'og:description': description,
      'og:url': listen,
      'og:image': `${origin}/listen/${id}/card.png`,
      'og:image:type': 'image/png',
      'og:image:width': '1200',
      'og:image:height': '630',
      'og:image:alt': 'Quarterly numbers: a voice message from Ada Lovelace (0:03)',
      'og:audio': `${origin}/files/${id}.mp3`,
      'og:audio:type': 'audio/mpeg',
      'twitter:card': 'summary_large_image',
      'twitter:title': 'Quarterly numbers',
      'twitter:description': description,
      'twitter:image': `${origin}/listen/${id}/card.png`,
      'twitter:image:alt': 'Quarterly numbers: a voice message from Ada Lovelace (0:03)',
    });
    const oembedUrl = `${origin}/api/oembed?url=${encodeURIComponent(listen)}&format=json`;
    expect(links).toEqual([
      { rel: 'canonical', type: undefined, href: listen, title: undefined },
      { rel: 'alternate', type: 'application/json+oembed', href: oembedUrl, title: 'Quarterly numbers' },
    ]);
    expect(html).toContain('<title>Quarterly numbers · Vocal</title>');
    expect(html).not.toContain('noindex');

    // The links a crawler follows next all answer.
    for (const url of [meta.get('og:image')!, meta.get('og:audio')!, `${origin}/embed/player/${id}`]) {
      expect((await fetch(url.replace('localhost', '127.0.0.1'))).status, url).toBe(200);
    }
    const oembed = await fetch(oembedUrl.replace('localhost', '127.0.0.1'));
    expect(oembed.status).toBe(200);
    expect(oembed.headers.get('content-type')).toMatch(/application\/json/);
    const body = oembedResponseSchema.parse(await oembed.json());
    expect(body).toEqual({
      version: '1.0',
      type: 'rich',
      provider_name: 'Vocal',
      provider_url: origin,
      title: 'Quarterly numbers',
      author_name: 'Ada Lovelace',
      html: `<iframe src="${origin}/embed/player/${id}" width="560" height="160" title="Quarterly numbers" style="border:0;max-width:100%" frameborder="0" allow="autoplay; clipboard-write" loading="lazy"></iframe>`,
      width: 560,
      height: 160,
      thumbnail_url: `${origin}/listen/${id}/card.png`,
      thumbnail_width: 1200,
      thumbnail_height: 630,
      cache_age: 3600,
    });
  });

  it('titles a message without a subject by its sender, and truncates captions per spec section 9', async () => {
    const owner = await server.signUp();
    const plain = await ownerMessage(server, owner.access);
    const { meta } = headTags(await (await fetch(`${server.url}/listen/${plain}`)).text());
    expect(meta.get('og:title')).toBe('Voice message from Someone');
    expect(meta.get('og:description')).toBe('Someone shared this voice message with you (0:03)');

    const long = await ownerMessage(server, owner.access, { subject: `A very long subject ${'that goes on '.repeat(10)}and on` });
    await server.running.services.db
      .update(recordings)
      .set({ summary: 'word '.repeat(100).trim() })
      .where(eq(recordings.id, long));
    const tags = headTags(await (await fetch(`${server.url}/listen/${long}`)).text()).meta;
    expect(tags.get('og:title')).toHaveLength(50);
    expect(tags.get('og:title')).toMatch(/^A very long subject that goes on .*…$/);
    expect(tags.get('twitter:title')).toBe(tags.get('og:title'));
    expect(tags.get('og:description')!.length).toBeLessThanOrEqual(200);
    expect(tags.get('og:description')).toMatch(/^Someone shared this voice message with you \(0:03\): word word .*…$/);
  });

  it('renders hostile names and subjects escaped in every tag, the title and the data', async () => {
    const hostile = `"><script>alert(1)</script><meta x=' & $& $' $\``;
    const owner = await named(hostile);
    const id = await ownerMessage(server, owner.access, { subject: hostile });
    const html = await (await fetch(`${server.url}/listen/${id}`)).text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain(`"><script>`);
    expect(html.match(/<meta x=/g)).toBeNull();
    // A "$&" or "$'" in the data is not read as a replacement pattern: the page stays whole.
    expect(html.match(/<\/html>/g)).toHaveLength(1);
    const { meta, links } = headTags(html);
    expect(meta.get('og:title')).toBe(hostile);
    expect(meta.get('og:description')).toBe(`${hostile} shared this voice message with you (0:03)`);
    expect(links[1]?.title).toBe(hostile);
    const data = JSON.parse(/<script type="application\/json" id="listen-data">(.*?)<\/script>/s.exec(html)![1]!);
    expect(data.payload.audio.subject).toBe(hostile);
  });

  it('never carries a javascript: CTA link: it is refused with 400 when saved', async () => {
    const owner = await server.signUp();
    await server.running.services.admin.setPlan({ email: owner.email, plan: 'pro' });
    const id = await ownerMessage(server, owner.access);
    for (const link of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>', '//evil.example']) {
      const saved = await server.call('POST', '/api/personalisation', { token: owner.access, json: { listenPage: { cta: { link } } } });
      expect(saved, link).toMatchObject({ status: 400, body: { msg: 'listenPage.cta.link: must be an http or https URL' } });
    }
    const html = await (await fetch(`${server.url}/listen/${id}`)).text();
    expect(html.toLowerCase()).not.toContain('javascript:');
    expect(html).toContain('"cta":{"enabled":true,"link":null');
  });

  it("the embed player's page carries its owner's palette, worked out on the server; a gone one the light preset's", async () => {
    const embedData = async (id: string) => {
      const html = await (await fetch(`${server.url}/embed/player/${id}`)).text();
      const json = /<script type="application\/json" id="listen-data">([^<]*)<\/script>/.exec(html)?.[1];
      return JSON.parse(json!) as { status: number; theme: Record<string, string> };
    };
    const owner = await server.signUp();
    await server.running.services.admin.setPlan({ email: owner.email, plan: 'pro' });
    // A custom primary, a named colour: the server reads it as a browser would.
    const themes = [{ ...THEME_PRESETS['Exotic Black'], name: 'Ours', primary: 'orchid' }];
    const saved = await server.call('POST', '/api/personalisation', { token: owner.access, json: { themes, listenPage: { theme: 0 } } });
    expect(saved.status).toBe(200);
    const id = await ownerMessage(server, owner.access, { subject: 'Themed' });
    const themed = await embedData(id);
    expect(themed.status).toBe(200);
    expect(themed.theme['--vk-color-scheme']).toBe('dark');
    expect(themed.theme['--vk-color-background']).toBe('#0B0A10');
    // orchid is #DA70D6: dark themes keep the brand fill.
    expect(themed.theme['--vk-color-primary']).toBe('#DA70D6');
    expect(themed.theme).toEqual(themeVariables({ ...themes[0]!, primary: '#DA70D6' }));
    const gone = await embedData('AAAAAAAAAAAA');
    expect(gone.status).toBe(404);
    expect(gone.theme).toEqual(themeVariables(THEME_PRESETS.Light));
  });

  it('keeps no query parameters in the canonical link', async () => {
    const owner = await server.signUp();
    const id = await ownerMessage(server, owner.access);
    const { links, meta } = headTags(await (await fetch(`${server.url}/listen/${id}?utm_source=mail&fbclid=abc&ref=x`)).text());
    expect(links[0]).toMatchObject({ rel: 'canonical', href: `${origin}/listen/${id}` });
    expect(meta.get('og:url')).toBe(`${origin}/listen/${id}`);
  });

  it('missing and expired pages: noindex and no previews', async () => {
    const owner = await server.signUp();
    const id = await ownerMessage(server, owner.access);
    await server.call('POST', `/api/edit/${id}`, { token: owner.access, json: { expiryDate: new Date(Date.now() - 1000).toISOString() } });
    for (const [path, status] of [
      [`/listen/${id}`, 410],
      ['/listen/AAAAAAAAAAAA', 404],
      ['/listen/x', 404],
    ] as const) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(status);
      const html = await response.text();
      const { meta, links } = headTags(html);
      expect([...meta.entries()], path).toEqual([['robots', 'noindex']]);
      expect(links, path).toEqual([]);
    }
  });

  describe('GET /api/oembed', () => {
    it('honours maxwidth and maxheight', async () => {
      const owner = await server.signUp();
      const id = await ownerMessage(server, owner.access);
      const url = encodeURIComponent(`${origin}/listen/${id}`);
      const small = await server.call('GET', `/api/oembed?url=${url}&maxwidth=300&maxheight=100`);
      expect(small.body).toMatchObject({ width: 300, height: 100 });
      expect(small.body.html).toContain('width="300" height="100"');
      const large = await server.call('GET', `/api/oembed?url=${url}&maxwidth=2000`);
      expect(large.body).toMatchObject({ width: 560, height: 160 });
    });

    it('refuses what is not one of our listen links (404), other formats (501) and bad input (400)', async () => {
      const owner = await server.signUp();
      const id = await ownerMessage(server, owner.access);
      const url = encodeURIComponent(`${origin}/listen/${id}`);
      expect(await server.call('GET', `/api/oembed?url=${url}&format=xml`)).toMatchObject({
        status: 501,
        body: { msg: 'Only format=json is offered' },
      });
      for (const other of [
        `https://evil.example/listen/${id}`,
        `${origin}/recordings`,
        'javascript:alert(1)',
        'not a url',
        `${origin}/listen/AAAAAAAAAAAA`,
      ]) {
        const reply = await server.call('GET', `/api/oembed?url=${encodeURIComponent(other)}`);
        expect(reply.status, other).toBe(404);
        expect(typeof reply.body.msg).toBe('string');
      }
      expect(await server.call('GET', '/api/oembed')).toMatchObject({ status: 400, body: { msg: 'query.url: url is required' } });
      expect((await server.call('GET', `/api/oembed?url=${url}&maxwidth=wide`)).status).toBe(400);
      expect((await server.call('GET', `/api/oembed?url=${url}&maxheight=-5`)).status).toBe(400);
      // 127.0.0.1 is one of our own hosts too.
      expect((await server.call('GET', `/api/oembed?url=${encodeURIComponent(`${server.url}/listen/${id}`)}`)).status).toBe(200);
    });

    it('gives the card as thumbnail even when the waveform picture’s size is not known (older messages)', async () => {
      const owner = await server.signUp();
      const id = await ownerMessage(server, owner.access);
      await server.running.services.db.update(recordings).set({ imageWidth: null, imageHeight: null }).where(eq(recordings.id, id));
      const reply = await server.call('GET', `/api/oembed?url=${encodeURIComponent(`${origin}/listen/${id}`)}`);
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ thumbnail_url: `${origin}/listen/${id}/card.png`, thumbnail_width: 1200, thumbnail_height: 630 });
      const { meta } = headTags(await (await fetch(`${server.url}/listen/${id}`)).text());
      expect(meta.get('og:image:width')).toBe('1200');
      expect(meta.get('og:image')).toBe(`${origin}/listen/${id}/card.png`);
    });
  });

  describe('the embed player', () => {
    it('is rendered with the listen data and may be framed by any site', async () => {
      const owner = await server.signUp();
      const id = await ownerMessage(server, owner.access, { subject: 'Embedded' });
      const response = await fetch(`${server.url}/embed/player/${id}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-security-policy')).toMatch(/(^|; )frame-ancestors \*$/);
      expect(response.headers.get('x-frame-options')).toBeNull();
      const html = await response.text();
      expect(html).toContain('<div id="player"></div>');
      expect(html).toContain('<title>Embedded · Vocal</title>');
      const data = JSON.parse(/<script type="application\/json" id="listen-data">(.*?)<\/script>/s.exec(html)![1]!);
      expect(data).toMatchObject({ status: 200, payload: { audio: { id, subject: 'Embedded' } } });
      const { meta, links } = headTags(html);
      expect(meta.get('robots')).toBe('noindex');
      expect(links).toEqual([{ rel: 'canonical', type: undefined, href: `${origin}/listen/${id}`, title: undefined }]);
    });

    it('answers 404 and 410 with the page, like the listen page', async () => {
      const missing = await fetch(`${server.url}/embed/player/AAAAAAAAAAAA`);
      expect(missing.status).toBe(404);
      expect(missing.headers.get('content-security-policy')).toMatch(/(^|; )frame-ancestors \*$/);
      // With the light palette its gone state is drawn in (the palette test below checks it).
      expect(await missing.text()).toContain('{"status":404,"message":"This voice message does not exist or was deleted","theme":{');
    });
  });

  it("the app's own pages may be framed only by the app; the visitor forms by anyone; host apps by their hosts", async () => {
    const owner = await server.signUp();
    const id = await ownerMessage(server, owner.access);
    for (const path of [`/listen/${id}`, '/', '/recordings', '/listen/AAAAAAAAAAAA']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.headers.get('content-security-policy'), path).toMatch(/(^|; )frame-ancestors 'self'$/);
      expect(response.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
    }
    // The contact form and the collect page are made to be embedded on other sites.
    const account = await server.call('GET', '/api/account', { token: owner.access });
    for (const path of [`/contact-form/${account.body.inviteCode}`, `/collect/${account.body.inviteCode}`]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.headers.get('content-security-policy'), path).toMatch(/(^|; )frame-ancestors \*$/);
      expect(response.headers.get('x-frame-options'), path).toBeNull();
    }
    const taskpane = await fetch(`${server.url}/hosts/outlook/taskpane.html`);
    expect(taskpane.status).toBe(200);
    expect(taskpane.headers.get('content-security-policy')).toMatch(/(^|; )frame-ancestors 'self' https:\/\/\*\.cloud\.microsoft /);
    expect(taskpane.headers.get('x-frame-options')).toBeNull();
  });

  describe('custom domains', () => {
    it('redirect navigation to the main origin unless it is for a listen or join page, or what those load', async () => {
      const owner = await server.signUp();
      const id = await ownerMessage(server, owner.access);
      const host = 'voice.example.com';
      const redirected = await getWithHost(server.url, '/recordings?tab=all', host);
      expect(redirected.status).toBe(302);
      expect(redirected.headers.location).toBe(`${origin}/recordings?tab=all`);
      for (const path of ['/', '/settings', '/listening-party', '/health']) {
        const reply = await getWithHost(server.url, path, host);
        expect(reply.status, path).toBe(302);
        expect(reply.headers.location, path).toBe(`${origin}${path}`);
      }
      for (const path of ['/join', '/join/Abc123', '/assets/app-1234.js', `/files/${id}.png`]) {
        expect((await getWithHost(server.url, path, host)).status, path).toBe(200);
      }
      // A message is served under a custom domain only when its owner holds it (custom-domains.test.ts): nobody holds this one.
      for (const path of [`/listen/${id}`, `/api/view-vocal/${id}`, `/embed/player/${id}`]) {
        expect((await getWithHost(server.url, path, host)).status, path).toBe(404);
      }
      // Behind a proxy (TRUST_PROXY) the host it was asked for counts.
      const proxied = await fetch(`${server.url}/settings`, { redirect: 'manual', headers: { 'x-forwarded-host': host } });
      expect(proxied.status).toBe(302);
      expect(proxied.headers.get('location')).toBe(`${origin}/settings`);
      // Our own hosts are never redirected, on any port.
      expect((await getWithHost(server.url, '/recordings', 'localhost:1234')).status).toBe(200);
      expect((await getWithHost(server.url, '/recordings', '127.0.0.1')).status).toBe(200);
    });

    it('a Pro user sets a domain; links made afterwards use it, and its oEmbed URLs are ours', async () => {
      const owner = await server.signUp();
      const refused = await server.call('POST', '/api/account', { token: owner.access, json: { domain: 'voice.example.com' } });
      expect(refused).toMatchObject({ status: 403, body: { msg: 'A custom domain is a Pro feature. Upgrade to use your own domain.' } });
      await server.running.services.admin.setPlan({ email: owner.email, plan: 'pro' });
      for (const [domain, message] of [
        ['https://voice.example.com', /^domain: must be a host name/],
        ['voice.example.com:8080', /^domain: must be a host name/],
        ['localhost', /^domain: must be a host name/],
      ] as const) {
        const reply = await server.call('POST', '/api/account', { token: owner.access, json: { domain } });
        expect(reply.status, domain).toBe(400);
        expect(reply.body.msg).toMatch(message);
      }
      const before = await ownerMessage(server, owner.access);
      const saved = await server.call('POST', '/api/account', { token: owner.access, json: { domain: 'Voice.Example.com' } });
      expect(saved).toMatchObject({ status: 200, body: { domain: 'voice.example.com' } });
      // Held as a passing DNS check would make it (custom-domain-check.test.ts checks DNS itself).
      await server.running.services.db.update(users).set({ domainVerifiedAt: new Date() }).where(eq(users.email, owner.email));

      const reserved = await server.call('GET', '/api/get-vocal', { token: owner.access });
      const { uploadForm, samplePng, threeSecondMp3, samplePeaks } = await import('../../test/harness/upload-form.ts');
      const uploaded = await server.call('POST', '/api/upload-vocal', {
        token: owner.access,
        form: uploadForm({
          recording: await threeSecondMp3(),
          image: samplePng(),
          context: { id: reserved.body.id, duration: 3, peaks: samplePeaks },
        }),
      });
      const after = reserved.body.id as string;
      expect(uploaded.body.url).toBe(`https://voice.example.com/listen/${after}`);
      const audios = await server.call('GET', '/api/audio', { token: owner.access });
      const domains = Object.fromEntries(
        audios.body.audios.map((audio: { id: string; domain: string | null }) => [audio.id, audio.domain]),
      );
      expect(domains).toEqual({ [before]: null, [after]: 'voice.example.com' });

      const { meta, links } = headTags(await (await fetch(`${server.url}/listen/${after}`)).text());
      expect(meta.get('og:url')).toBe(`https://voice.example.com/listen/${after}`);
      expect(links[0]?.href).toBe(`https://voice.example.com/listen/${after}`);
      expect(links[1]?.href).toBe(
        `${origin}/api/oembed?url=${encodeURIComponent(`https://voice.example.com/listen/${after}`)}&format=json`,
      );
      expect((await server.call('GET', `/api/oembed?url=${encodeURIComponent(`https://voice.example.com/listen/${after}`)}`)).status).toBe(
        200,
      );
      // Another user's domain does not vouch for this message.
      expect((await server.call('GET', `/api/oembed?url=${encodeURIComponent(`https://other.example.com/listen/${after}`)}`)).status).toBe(
        404,
      );

      const cleared = await server.call('POST', '/api/account', { token: owner.access, json: { domain: null } });
      expect(cleared.body.domain).toBeNull();
    });
  });
});
