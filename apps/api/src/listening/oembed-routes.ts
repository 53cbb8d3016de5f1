import { Hono } from 'hono';
import { oembedQuerySchema, recordingIdSchema } from '@vocal/settings-model';
import type { Config } from '../env.ts';
import type { AppEnv } from '../http/app-env.ts';
import { HttpError, notFound } from '../http/http-error.ts';
import { isProductHost, productHostsOf } from '../http/product-hosts.ts';
import { readQuery } from '../http/read-input.ts';
import type { RecordingService } from '../recordings/recording-service.ts';
import { linkPreviewOf, oembedOf } from './link-preview.ts';
import { etagOf } from '../cache/public-page-cache.ts';
import { servePublicJson } from '../cache/serve-public-payload.ts';
import { described } from '../openapi/described.ts';
import { TAGS } from '../openapi/route-description.ts';

const NOT_OURS = 'This URL is not a Vocal listen link';

/** The recording id and host of a listen link (http(s)://host/listen/{id}), or null. */
function listenLinkOf(url: string): { id: string; host: string } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const id = /^\/listen\/([^/]+)\/?$/.exec(parsed.pathname)?.[1];
  return id && recordingIdSchema.safeParse(id).success ? { id, host: parsed.host } : null;
}

/**
 * GET /api/oembed (oembed.com): the embed player for a listen link, discovered from the
 * listen page's <link rel="alternate" type="application/json+oembed">. JSON only.
 */
export function oembedRoutes(services: { config: Config; recordings: RecordingService }) {
  const { config } = services;
  const hosts = productHostsOf(config);
  return new Hono<AppEnv>().get(
    '/oembed',
    described({
      tag: TAGS.visitors,
      summary: 'oEmbed for a listen link',
      access: 'public',
      query: oembedQuerySchema,
      answers: {
        200: { description: 'The embed, with its ETag', json: 'OEmbed' },
        304: { description: 'Not modified (If-None-Match matched its ETag)' },
      },
      refusals: { 404: 'Not a listen link of this server, or the message is gone' },
    }),
    async (context) => {
      const query = readQuery(context, oembedQuerySchema);
      // The spec's answer for a format the provider does not offer.
      if (query.format !== 'json') throw new HttpError(501, 'Only format=json is offered');
      const link = listenLinkOf(query.url);
      if (!link) throw notFound(NOT_OURS);
      const { page } = await services.recordings.cachedPublicPage(link.id);
      // Our hosts, or the custom domain the message's link was made with.
      if (!isProductHost(link.host, hosts) && link.host.toLowerCase() !== page.payload.audio.domain) throw notFound(NOT_OURS);
      const preview = linkPreviewOf(page, { publicUrl: config.publicUrl });
      const json = JSON.stringify(oembedOf(preview, { publicUrl: config.publicUrl, maxwidth: query.maxwidth, maxheight: query.maxheight }));
      // Revalidated like the payload it is made from, so a deleted message's embed goes as soon.
      return servePublicJson(
        context,
        { json, etag: etagOf(json) },
        {
          cacheSeconds: config.listenPath.publicCacheSeconds,
          headers: { 'access-control-allow-origin': '*' },
          recordingId: link.id,
        },
      );
    },
  );
}
