import { listenUrl, PRIVATE_MESSAGE_TITLE, SHARE, type OembedResponse, type PublicListenPayload } from '@vocal/settings-model';
import { escapeHtml } from '../http/html-escaping.ts';
import { CARD_HEIGHT, CARD_WIDTH } from '../media/preview-card-svg.ts';
import { contentTypeOf } from '../storage/storage.ts';

export const SITE_NAME = 'Vocal';
/** The embed player's size in an iframe: the oEmbed default and the Twitter player card's. */
export const PLAYER_SIZE = { width: 560, height: 160 } as const;
/** Query parameters a canonical listen link keeps (spec section 2): none, so far. */
export const CANONICAL_QUERY_PARAMETERS: readonly string[] = [];
/** What 404 and 410 pages carry instead of previews. */
export const NOINDEX_HEAD = '<meta name="robots" content="noindex">';

/** A listen page's public payload, its waveform picture's size when known, and whether it has a password. */
export type PublicPage = { payload: PublicListenPayload; imageSize: { width: number; height: number } | null; protection: object | null };

/** What a password-protected message's previews say, and nothing more (decision 0074). */
const PRIVATE_DESCRIPTION = 'Open the link and type its password to listen.';

/** Cuts a caption at `max` characters with an ellipsis (spec section 9), whole characters only. */
export function truncateCaption(text: string, max: number): string {
  const characters = Array.from(text.replace(/\s+/g, ' ').trim());
  return characters.length <= max
    ? characters.join('')
    : `${characters
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/** 83 → "1:23"; an hour or more → "1:02:03". */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/**
 * Spec section 2: a canonical link keeps only whitelisted query parameters, sorted by name.
 * (It could be lowercased too, if configured; recording ids are case-sensitive, so it is not.)
 */
export function canonicalUrl(base: string, query: URLSearchParams, allowed: readonly string[]): string {
  const kept = [...query.entries()].filter(([name]) => allowed.includes(name)).sort(([first], [second]) => first.localeCompare(second));
  return kept.length === 0 ? base : `${base}?${new URLSearchParams(kept).toString()}`;
}

export type LinkPreview = {
  id: string;
  /** The whole title, for the page's <title>. */
  title: string;
  /** Caption-length title and description, for unfurls. */
  caption: string;
  description: string;
  authorName: string;
  canonicalUrl: string;
  /** The link-preview card (GET /listen/{id}/card.png), always 1200x630. */
  imageUrl: string;
  imageSize: { width: number; height: number };
  imageAlt: string;
  /** Null for a password-protected message, whose audio has no public address. */
  audioUrl: string | null;
  audioType: string | null;
  playerUrl: string;
  oembedUrl: string;
};

export function pageTitle(payload: PublicListenPayload): string {
  return payload.audio.subject ?? `Voice message from ${payload.settings.name}`;
}

export function linkPreviewOf(page: PublicPage, options: { publicUrl: string; query?: URLSearchParams }): LinkPreview {
  const { payload } = page;
  const title = pageTitle(payload);
  const canonical = canonicalUrl(
    listenUrl(payload.audio, options.publicUrl),
    options.query ?? new URLSearchParams(),
    CANONICAL_QUERY_PARAMETERS,
  );
  if (page.protection) {
    // No title, sender, duration, waveform or audio: the card says only that it is private.
    return {
      id: payload.audio.id,
      title: PRIVATE_MESSAGE_TITLE,
      caption: PRIVATE_MESSAGE_TITLE,
      description: PRIVATE_DESCRIPTION,
      authorName: SITE_NAME,
      canonicalUrl: canonical,
      imageUrl: `${options.publicUrl}/listen/${payload.audio.id}/card.png`,
      imageSize: { width: CARD_WIDTH, height: CARD_HEIGHT },
      imageAlt: PRIVATE_MESSAGE_TITLE,
      audioUrl: null,
      audioType: null,
      playerUrl: `${options.publicUrl}/embed/player/${payload.audio.id}`,
      oembedUrl: `${options.publicUrl}/api/oembed?url=${encodeURIComponent(canonical)}&format=json`,
    };
  }
  const shared = `${payload.settings.name} ${payload.settings.strings.sharedWithYou} (${formatDuration(payload.audio.duration)})`;
  const fileName = new URL(payload.audio.audioUrl).pathname.split('/').pop() ?? '';
  return {
    id: payload.audio.id,
    title,
    caption: truncateCaption(title, SHARE.captionMaxLength),
    // The preview shows the waveform picture: the longer caption of an image share applies.
    description: truncateCaption(payload.audio.summary ? `${shared}: ${payload.audio.summary}` : shared, SHARE.imageCaptionMaxLength),
    authorName: payload.settings.name,
    canonicalUrl: canonical,
    // The card's address is on our own host, where it is made; the listen page may be on a custom domain.
    imageUrl: `${options.publicUrl}/listen/${payload.audio.id}/card.png`,
    imageSize: { width: CARD_WIDTH, height: CARD_HEIGHT },
    imageAlt: `${truncateCaption(title, SHARE.imageCaptionMaxLength)}: a voice message from ${payload.settings.name} (${formatDuration(payload.audio.duration)})`,
    audioUrl: payload.audio.audioUrl,
    audioType: contentTypeOf(fileName),
    playerUrl: `${options.publicUrl}/embed/player/${payload.audio.id}`,
    oembedUrl: `${options.publicUrl}/api/oembed?url=${encodeURIComponent(canonical)}&format=json`,
  };
}

const meta = (attribute: 'name' | 'property', key: string, value: string | number) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(String(value))}">`;

/**
 * The head of a listen page as crawlers read it (Slack, Teams, Outlook, iMessage, social
 * networks): description, canonical link, Open Graph, the Twitter player card pointing at the
 * embed player, and oEmbed discovery. Every value is escaped.
 */
export function previewHead(preview: LinkPreview): string {
  const tags = [
    meta('name', 'description', preview.description),
    `<link rel="canonical" href="${escapeHtml(preview.canonicalUrl)}">`,
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', preview.caption),
    meta('property', 'og:description', preview.description),
    meta('property', 'og:url', preview.canonicalUrl),
    meta('property', 'og:image', preview.imageUrl),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', preview.imageSize.width),
    meta('property', 'og:image:height', preview.imageSize.height),
    meta('property', 'og:image:alt', preview.imageAlt),
    ...(preview.audioUrl && preview.audioType
      ? [
          meta('property', 'og:audio', preview.audioUrl),
          ...(preview.audioUrl.startsWith('https:') ? [meta('property', 'og:audio:secure_url', preview.audioUrl)] : []),
          meta('property', 'og:audio:type', preview.audioType),
        ]
      : []),
    // The large card image: a player card shows only for allow-listed sites, and the card
    // already says who, what and how long; the link opens the player.
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', preview.caption),
    meta('name', 'twitter:description', preview.description),
    meta('name', 'twitter:image', preview.imageUrl),
    meta('name', 'twitter:image:alt', preview.imageAlt),
    `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(preview.oembedUrl)}" title="${escapeHtml(preview.caption)}">`,
  ];
  return tags.join('\n    ');
}

/** The oEmbed answer (type rich): the embed player in an iframe, within maxwidth and maxheight. */
export function oembedOf(preview: LinkPreview, options: { publicUrl: string; maxwidth?: number; maxheight?: number }): OembedResponse {
  const width = Math.min(PLAYER_SIZE.width, options.maxwidth ?? PLAYER_SIZE.width);
  const height = Math.min(PLAYER_SIZE.height, options.maxheight ?? PLAYER_SIZE.height);
  const html =
    `<iframe src="${escapeHtml(preview.playerUrl)}" width="${width}" height="${height}" title="${escapeHtml(preview.caption)}" ` +
    'style="border:0;max-width:100%" frameborder="0" allow="autoplay; clipboard-write" loading="lazy"></iframe>';
  return {
    version: '1.0',
    type: 'rich',
    provider_name: SITE_NAME,
    provider_url: options.publicUrl,
    title: preview.caption,
    author_name: preview.authorName,
    html,
    width,
    height,
    thumbnail_url: preview.imageUrl,
    thumbnail_width: preview.imageSize.width,
    thumbnail_height: preview.imageSize.height,
    cache_age: 3600,
  };
}
