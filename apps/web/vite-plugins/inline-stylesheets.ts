import type { Plugin } from 'vite';

/**
 * Puts the stylesheets a public page links into the page itself, as <style> blocks. The listen
 * page and the embed player are opened from a link by people who have never been here, over
 * whatever network they are on: a linked stylesheet is one more round trip before anything is
 * drawn (Lighthouse counted 470 ms of render-blocking on a slow 4G phone). Their CSS is a few
 * kilobytes, so it travels with the HTML; the server gives each <style> the request's CSP
 * nonce, as it does the scripts. Lazy parts keep their own stylesheets, loaded when they are.
 */
export function inlineStylesheets(): Plugin {
  return {
    name: 'vocal-inline-stylesheets',
    transformIndexHtml: {
      // After Vite has written the built assets' tags into the page.
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet"[^>]*?href="\/([^"]+\.css)"[^>]*>/g, (tag, file: string) => {
          const asset = bundle[file];
          if (asset?.type !== 'asset') return tag;
          const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          // A stylesheet that could close the block early stays a link.
          return /<\/style/i.test(css) ? tag : `<style>${css.trim()}</style>`;
        });
      },
    },
  };
}
