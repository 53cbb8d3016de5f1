import { PNG } from 'pngjs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { embeddedBackend } from '../../test/harness/test-server.ts';
import { serverForSuite } from '../../test/harness/suite-servers.ts';
import { ownerMessage } from '../../test/harness/visitor-helpers.ts';

/** The card's solid background, #0f1e3d. */
const BACKGROUND = [0x0f, 0x1e, 0x3d];

function decode(bytes: ArrayBuffer) {
  return PNG.sync.read(Buffer.from(bytes));
}

const pixelAt = (png: PNG, x: number, y: number) => {
  const offset = (y * png.width + x) * 4;
  return [...png.data.subarray(offset, offset + 4)];
};

/** Every pixel's alpha is 255: the card shows the same on a light or a dark chat. */
function fullyOpaque(png: PNG): boolean {
  for (let offset = 3; offset < png.data.length; offset += 4) if (png.data[offset] !== 255) return false;
  return true;
}

/** A square picture of one colour, as a user's avatar. */
function solidPng(size: number, rgb: [number, number, number]): Uint8Array {
  const png = new PNG({ width: size, height: size });
  for (let offset = 0; offset < png.data.length; offset += 4) png.data.set([...rgb, 255], offset);
  return new Uint8Array(PNG.sync.write(png));
}

describe.each(embeddedBackend)('the link-preview card on %s', (backend) => {
  const server = serverForSuite(backend);

  const cardOf = (id: string, headers: Record<string, string> = {}) => fetch(`${server.url}/listen/${id}/card.png`, { headers });

  it('a card that cannot be drawn within its time budget is a 503 that says when to come back', async () => {
    const owner = await server.signUp();
    const id = await ownerMessage(server, owner.access, { subject: 'Drawn too slowly' });
    const media = server.running.services.media;
    const renderCard = media.renderCard;
    // As the media pool answers when the worker ran past the budget (a loaded machine, a hostile picture).
    media.renderCard = () => Promise.reject(Object.assign(new Error('took too long'), { name: 'TimeoutError' }));
    try {
      const response = await cardOf(id);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('60');
      expect(await response.json()).toMatchObject({ msg: 'The preview card could not be drawn in time; try again later' });
    } finally {
      media.renderCard = renderCard;
    }
  });

  it('is a 1200x630 opaque PNG on the solid background, and the listen page’s head points at it', async () => {
    const owner = await server.signUp();
    await server.call('POST', '/api/account', { token: owner.access, json: { name: 'Ada Lovelace' } });
    const id = await ownerMessage(server, owner.access, { subject: 'Quarterly numbers' });

    const html = await (await fetch(`${server.url}/listen/${id}`)).text();
    const image = /<meta property="og:image" content="([^"]+)">/.exec(html)?.[1];
    expect(image).toBe(`${server.running.url}/listen/${id}/card.png`);
    expect(html).toContain('<meta property="og:image:width" content="1200">');
    expect(html).toContain('<meta property="og:image:height" content="630">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');

    const response = await cardOf(id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const png = decode(await response.arrayBuffer());
    expect([png.width, png.height]).toEqual([1200, 630]);
    expect(fullyOpaque(png)).toBe(true);
    for (const [x, y] of [
      [0, 0],
      [1199, 0],
      [0, 629],
      [1199, 629],
      [600, 200],
    ] as const) {
      expect(pixelAt(png, x, y), `pixel ${x},${y}`).toEqual([...BACKGROUND, 255]);
    }
    // The title is drawn: white pixels where its first line is.
    let white = 0;
    for (let x = 72; x < 600; x += 1) for (let y = 225; y < 285; y += 1) if (pixelAt(png, x, y)[0]! > 240) white += 1;
    expect(white).toBeGreaterThan(500);
    // The play button: its blue circle, with the white triangle inside.
    expect(pixelAt(png, 92, 488)).toEqual([0x26, 0x7e, 0xfa, 255]);
    expect(pixelAt(png, 132, 488).slice(0, 3)).toEqual([255, 255, 255]);
  });

  it('is stored once per version: asked again it is the same bytes, a rename makes a new one, If-None-Match gets 304', async () => {
    const owner = await server.signUp();
    const id = await ownerMessage(server, owner.access, { subject: 'First title' });
    const first = await cardOf(id);
    const firstBytes = new Uint8Array(await first.arrayBuffer());
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const stored = await server.running.services.storage.list({ after: `cards/${id}-`, limit: 5 });
    expect(stored.filter((object) => object.key.startsWith(`cards/${id}-`))).toHaveLength(1);

    const again = await cardOf(id);
    expect(again.headers.get('etag')).toBe(etag);
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(firstBytes);
    expect((await cardOf(id, { 'if-none-match': etag })).status).toBe(304);

    await server.call('POST', `/api/edit/${id}`, { token: owner.access, json: { subject: 'Second title' } });
    const renamed = await cardOf(id);
    expect(renamed.status).toBe(200);
    expect(renamed.headers.get('etag')).not.toBe(etag);
    expect(new Uint8Array(await renamed.arrayBuffer())).not.toEqual(firstBytes);
  });

  it('draws the avatar, a long right-to-left title with emoji, and never fetches an avatar from elsewhere', async () => {
    const owner = await server.signUp();
    const form = new FormData();
    form.set('img', new Blob([solidPng(64, [220, 20, 60])], { type: 'image/png' }), 'avatar.png');
    form.set('kind', 'avatar');
    const uploaded = await server.call('POST', '/api/image', { token: owner.access, form });
    expect(uploaded.status).toBe(200);
    await server.call('POST', '/api/account', { token: owner.access, json: { name: 'נועה כהן', avatarUrl: uploaded.body.url } });
    const title = `שלום לכולם 👋 ${'הודעה קולית ארוכה מאוד עם הרבה מילים '.repeat(4)}🎉 مرحبا`;
    const id = await ownerMessage(server, owner.access, { subject: title });
    const response = await cardOf(id);
    expect(response.status).toBe(200);
    const png = decode(await response.arrayBuffer());
    expect([png.width, png.height]).toEqual([1200, 630]);
    expect(fullyOpaque(png)).toBe(true);
    // The avatar's centre (72 + 48, 64 + 48) is the picture's crimson.
    expect(pixelAt(png, 120, 112)).toEqual([220, 20, 60, 255]);

    // An avatar on another host is not ours to fetch: the account refuses one now, and one an
    // older server stored is never fetched either: the initial is drawn instead.
    const elsewhereUrl = 'http://169.254.169.254/latest/meta-data.png';
    const refused = await server.call('POST', '/api/account', { token: owner.access, json: { avatarUrl: elsewhereUrl } });
    expect(refused.status).toBe(400);
    await server.running.services.db.update(users).set({ avatarUrl: elsewhereUrl }).where(eq(users.id, owner.id));
    const elsewhere = decode(await (await cardOf(id)).arrayBuffer());
    expect(pixelAt(elsewhere, 120, 84)).toEqual([0x26, 0x7e, 0xfa, 255]);
  });

  it('a message that is gone has no card: expired 410, deleted and unknown 404 alike', async () => {
    const owner = await server.signUp();
    const expired = await ownerMessage(server, owner.access, { subject: 'Short-lived' });
    expect((await cardOf(expired)).status).toBe(200);
    await server.call('POST', `/api/edit/${expired}`, {
      token: owner.access,
      json: { expiryDate: new Date(Date.now() - 1000).toISOString() },
    });
    const gone = await cardOf(expired);
    expect(gone.status).toBe(410);
    expect(gone.headers.get('content-type')).toMatch(/application\/json/);
    expect(await gone.json()).toEqual({ msg: 'This voice message has expired' });

    const deleted = await ownerMessage(server, owner.access, { subject: 'Deleted' });
    expect((await server.call('DELETE', `/api/delete/${deleted}`, { token: owner.access })).status).toBe(200);
    const deletedCard = await cardOf(deleted);
    const unknownCard = await cardOf('AAAAAAAAAAAA');
    const malformedCard = await cardOf('not-an-id');
    expect([deletedCard.status, unknownCard.status, malformedCard.status]).toEqual([404, 404, 404]);
    const bodies = await Promise.all([deletedCard.json(), unknownCard.json(), malformedCard.json()]);
    expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
  });
});
