/** The embed player's size: the same as the oEmbed answer's (apps/api/src/listening/link-preview.ts). */
export const EMBED_SIZE = { width: 560, height: 160 } as const;

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The iframe a site pastes to embed the player, as the oEmbed answer makes it, so a pasted
 * code and an auto-embedded link look the same. The title is the iframe's accessible name.
 */
export function embedCode(origin: string, recordingId: string, title: string): string {
  const src = `${origin.replace(/\/+$/, '')}/embed/player/${encodeURIComponent(recordingId)}`;
  return (
    `<iframe src="${escapeAttribute(src)}" width="${EMBED_SIZE.width}" height="${EMBED_SIZE.height}" title="${escapeAttribute(title)}" ` +
    'style="border:0;max-width:100%" frameborder="0" allow="autoplay; clipboard-write" loading="lazy"></iframe>'
  );
}
