import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import { listenUrl, readAnyColour, recordingIdSchema, THEME_PRESETS, themeVariables } from '@vocal/settings-model';
import type { AppEnv } from '../http/app-env.ts';
import { escapeHtml, jsonForScript } from '../http/html-escaping.ts';
import { HttpError } from '../http/http-error.ts';
import { nonceAttribute } from '../http/security-headers.ts';
import type { PreviewCardService } from '../media/preview-card-service.ts';
import type { GonePageService } from './gone-page-service.ts';
import { type RecordingService } from '../recordings/recording-service.ts';
import { PUBLIC_NOT_FOUND } from '../recordings/public-pages.ts';
import { STILL_ARRIVING } from '../uploads/progressive-uploads.ts';
import { unlessArriving } from '../uploads/unless-arriving.ts';
import { LOCKED_MESSAGES, PRIVATE_MESSAGE_TITLE } from './message-privacy.ts';
import { readBuiltPageOnce } from '../site/static-files.ts';
import { linkPreviewOf, NOINDEX_HEAD, pageTitle, previewHead, SITE_NAME, type PublicPage } from './link-preview.ts';
import { described } from '../openapi/described.ts';
import { TAGS } from '../openapi/route-description.ts';
import { RECORDING_ID, listenPage, recordingPage } from '../openapi/description-parts.ts';

/**
 * Each page carries a nonce of its own, so no shared cache may keep it. Vary is named here
 * rather than by the compress middleware, whose own header copies the whole response.
 */
const PAGE_HEADERS = { 'cache-control': 'no-cache', vary: 'Accept-Encoding' };

type Loaded = { status: 200 | 202 | 404 | 410; data: unknown; title: string; page: PublicPage | null };

/**
 * GET /listen/{id} and GET /embed/player/{id}: the listen page and the embeddable player,
 * rendered with their payload in the HTML so a visitor's browser makes no API call before the
 * player shows, and the status code says whether the message exists (404) or expired (410).
 * The listen page's head carries the link previews crawlers read, without JavaScript.
 */
export function listenPageRoutes(services: {
  recordings: RecordingService;
  cards: PreviewCardService;
  gonePages: GonePageService;
  /** Whether a message is still arriving (its recording streams in: src/uploads/). */
  arriving: (id: string) => Promise<boolean>;
  webDist: string;
  publicUrl: string;
}) {
  const listenTemplate = readBuiltPageOnce(join(services.webDist, 'listen.html'));
  const embedTemplate = readBuiltPageOnce(join(services.webDist, 'embed.html'));

  async function load(id: string, options: { arriving?: boolean } = {}): Promise<Loaded> {
    if (!recordingIdSchema.safeParse(id).success) {
      return { status: 404, data: { status: 404, message: PUBLIC_NOT_FOUND }, title: 'Voice message not found', page: null };
    }
    try {
      const page = await unlessArriving(
        () => services.recordings.publicPage(id),
        async () => options.arriving === true && (await services.arriving(id)),
      );
      // Opened before its last bytes arrived: the page says so and plays it once they have (202, not indexed).
      if (!page) return { status: 202, data: { status: 202, id, message: STILL_ARRIVING }, title: 'Voice message arriving', page: null };
      if (page.protection) {
        // The page asks for the password and fetches the payload with its unlock token (decision 0074),
        // or with a team member's session (0075): nothing of the message is in it, and its previews
        // say only that it is private.
        // HTTP 200: link unfurlers show a 200's card ("A private voice message"), not a 401's.
        return {
          status: 200,
          data: { status: 401, protected: true, privacy: page.protection.kind, id, message: LOCKED_MESSAGES[page.protection.kind] },
          title: PRIVATE_MESSAGE_TITLE,
          page,
        };
      }
      return { status: 200, data: { status: 200, payload: page.payload }, title: pageTitle(page.payload), page };
    } catch (error) {
      if (!(error instanceof HttpError) || (error.status !== 404 && error.status !== 410)) throw error;
      const status = error.status;
      // An expired message may name its sender and a way to ask again; a missing one says nothing more.
      const sender = status === 410 ? await services.gonePages.expiredSender(id) : null;
      return {
        status,
        data: { status, message: error.message, ...(sender ? { sender } : {}) },
        title: status === 410 ? 'Voice message expired' : 'Voice message not found',
        page: null,
      };
    }
  }

  // Replaced by functions: a replacement string would read "$&" or "$'" in a subject as patterns.
  // Every script and style block of the page carries the request's nonce (the policy has no 'unsafe-inline');
  // the JSON data block is not run, so it needs none.
  const render = (html: string, loaded: Loaded, head: string, nonce: string) =>
    html
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(loaded.title)} · ${SITE_NAME}</title>`)
      .replace('<!--vocal-head-->', () => head)
      .replace('<!--vocal-data-->', () => `<script type="application/json" id="listen-data">${jsonForScript(loaded.data)}</script>`)
      .replace(/<script\b(?![^>]*type="application\/json")/g, () => `<script${nonceAttribute(nonce)}`)
      // The page's own stylesheet travels inside it (the web build inlines it): the nonce lets it apply.
      .replace(/<style\b/g, () => `<style${nonceAttribute(nonce)}`);

  const queryOf = (context: Context) => new URL(context.req.url).searchParams;

  /**
   * The embed player's data carries its palette worked out here (the owner's theme, or the light
   * preset for a gone message): the player, whose budget is 12 KB, then ships none of the maths.
   */
  const goneTheme = themeVariables(THEME_PRESETS.Light, readAnyColour);
  const palettes = new WeakMap<PublicPage, ReturnType<typeof themeVariables>>();
  const withPalette = (loaded: Loaded): Loaded => {
    let palette = goneTheme;
    // A protected message's player wears no colour of its owner's.
    if (loaded.page && !loaded.page.protection) {
      palette = palettes.get(loaded.page) ?? themeVariables(loaded.page.payload.settings.theme, readAnyColour);
      palettes.set(loaded.page, palette);
    }
    return { ...loaded, data: { ...(loaded.data as object), theme: palette } };
  };

  /**
   * A message's page is rendered once per page kind and query while its public page is cached
   * (the cache hands out the same page object until it reloads it), with a placeholder where
   * the nonce goes; each request only joins the pieces around its own nonce. The placeholder is
   * random per process, so no text a sender writes can be taken for it.
   */
  const nonceSlot = `vocal-nonce-${randomBytes(12).toString('hex')}`;
  const renderedPages = new WeakMap<PublicPage, Map<string, string[]>>();
  function renderOnce(
    kind: string,
    query: string,
    html: string,
    loaded: Loaded,
    nonce: string,
    headOf: (page: PublicPage) => string,
  ): string {
    if (!loaded.page) return render(html, loaded, NOINDEX_HEAD, nonce);
    let variants = renderedPages.get(loaded.page);
    if (!variants) renderedPages.set(loaded.page, (variants = new Map()));
    const key = `${kind}${query}`;
    let pieces = variants.get(key);
    if (!pieces) {
      pieces = render(html, loaded, headOf(loaded.page), nonceSlot).split(nonceSlot);
      // Queries are the visitor's to choose: a few variants per message, the rest rendered each time.
      if (variants.size < 8) variants.set(key, pieces);
    }
    return pieces.join(nonce);
  }

  return new Hono<AppEnv>()
    .on(
      ['GET', 'HEAD'],
      '/listen/:id/card.png',
      described({
        GET: {
          tag: TAGS.pages,
          summary: 'The preview card picture a link preview shows',
          access: 'public',
          pathParameters: { id: RECORDING_ID },
          answers: {
            200: { description: 'The card', media: 'image/png' },
            304: { description: 'Not modified (If-None-Match matched its ETag)' },
          },
          refusals: { 404: 'Unknown, deleted or expired' },
        },
        HEAD: {
          tag: TAGS.pages,
          summary: "The preview card's headers",
          access: 'public',
          pathParameters: { id: RECORDING_ID },
          answers: { 200: { description: 'The headers of the card' }, 304: { description: 'Not modified' } },
          refusals: { 404: 'Unknown, deleted or expired' },
        },
      }),
      async (context) => {
        const id = context.req.param('id');
        if (!recordingIdSchema.safeParse(id).success) throw new HttpError(404, PUBLIC_NOT_FOUND);
        const { png, version } = await services.cards.card(id);
        const etag = `"${version}"`;
        const headers = {
          'content-type': 'image/png',
          etag,
          // Short: a renamed message shows its new title within minutes, and a deleted one's card goes.
          'cache-control': 'public, max-age=300',
        };
        if (context.req.header('if-none-match') === etag) return context.body(null, 304, headers);
        return context.body(png as Uint8Array<ArrayBuffer>, 200, headers);
      },
    )
    .on(
      ['GET', 'HEAD'],
      '/listen/:id',
      described({
        GET: recordingPage('The listen page, with its link preview (Open Graph, oEmbed discovery) rendered on the server', {
          ...listenPage('The listen page', 'text/html'),
          202: {
            description: 'Its recording is still streaming in: a page saying so, which plays it once complete, not indexed',
            media: 'text/html',
          },
        }),
        HEAD: recordingPage("The listen page's headers", listenPage('The listen page', 'text/html')),
      }),
      async (context) => {
        const html = await listenTemplate();
        if (html === null) return context.text('The web app has not been built.', 503);
        const loaded = await load(context.req.param('id'), { arriving: true });
        const query = new URL(context.req.url).search;
        // Missing and expired messages are not for search engines, nor for previews.
        const page = renderOnce(
          'listen',
          query,
          html,
          loaded,
          context.get('cspNonce'),
          (page) =>
            // A protected message's page is not for search engines either; its preview is the private one.
            (page.protection ? `${NOINDEX_HEAD}\n    ` : '') +
            previewHead(linkPreviewOf(page, { publicUrl: services.publicUrl, query: queryOf(context) })),
        );
        if (loaded.page) context.set('replayable', { recordingId: context.req.param('id'), body: page });
        return context.html(page, loaded.status, PAGE_HEADERS);
      },
    )
    .on(
      ['GET', 'HEAD'],
      '/embed/player/:id',
      described({
        GET: recordingPage("The player alone, for other sites' iframes (oEmbed)", listenPage('The player page', 'text/html')),
        HEAD: recordingPage("The player page's headers", listenPage('The player page', 'text/html')),
      }),
      async (context) => {
        const html = await embedTemplate();
        if (html === null) return context.text('The web app has not been built.', 503);
        const loaded = withPalette(await load(context.req.param('id')));
        // The player lives in other sites' iframes; its listen page is the one to index.
        const page = renderOnce(
          'embed',
          '',
          html,
          loaded,
          context.get('cspNonce'),
          (page) => `${NOINDEX_HEAD}\n    <link rel="canonical" href="${escapeHtml(listenUrl(page.payload.audio, services.publicUrl))}">`,
        );
        if (loaded.page) context.set('replayable', { recordingId: context.req.param('id'), body: page });
        return context.html(page, loaded.status, {
          ...PAGE_HEADERS,
          // Framed by any site (Notion, blogs, oEmbed consumers); no X-Frame-Options.
          'content-security-policy': 'frame-ancestors *',
        });
      },
    );
}
