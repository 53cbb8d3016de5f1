import { CopyLinkField } from '@vocal/ui-kit';
import { embedCode } from './embed-code.ts';

/**
 * Embedding: the iframe code to paste into a page, and the link itself, which sites that speak
 * oEmbed (WordPress, Notion, Medium…) turn into the same player when it is pasted on its own.
 */
export function EmbedFields({ pageUrl, recordingId, title }: { pageUrl: string; recordingId: string; title: string }) {
  const origin = new URL(pageUrl).origin;
  return (
    <div className="embed-fields">
      <CopyLinkField url={embedCode(origin, recordingId, title)} label="Embed code (paste into your page's HTML)" />
      <CopyLinkField url={pageUrl} label="oEmbed link (paste on its own in WordPress, Notion and the like)" />
    </div>
  );
}
