/** Without a charset, Chromium on Linux hands the HTML to other programs as Latin-1 (the 🎙️ garbled). */
const withCharset = (html: string) => `<meta charset="utf-8">${html}`;

/**
 * The copy command with our own data: a copy event's clipboardData takes the HTML as it is.
 * The async clipboard's write parses text/html in this page to sanitise it, and the page's
 * Content-Security-Policy then reports the button's style attribute as a refused inline style
 * (the copy still works, but the console says otherwise). Needs the click's user activation.
 */
function copyThroughEvent(html: string, text: string): boolean {
  if (typeof document.execCommand !== 'function') return false;
  let written = false;
  const write = (event: ClipboardEvent) => {
    if (!event.clipboardData) return;
    event.clipboardData.setData('text/html', withCharset(html));
    event.clipboardData.setData('text/plain', text);
    event.preventDefault();
    written = true;
  };
  document.addEventListener('copy', write);
  try {
    return document.execCommand('copy') && written;
  } catch {
    return false;
  } finally {
    document.removeEventListener('copy', write);
  }
}

/**
 * Copies the signature as rich text: the HTML for mail editors that paste formatting, and the
 * plain text beside it for those that do not. The copy command first, then the async
 * clipboard. False when the browser refuses both (no permission, an insecure page), so the
 * page can show the HTML to copy by hand instead.
 */
export async function copyShareHtml(html: string, text: string): Promise<boolean> {
  if (copyThroughEvent(html, text)) return true;
  try {
    if (typeof ClipboardItem === 'undefined' || !navigator.clipboard?.write) throw new Error('Rich copying is not available here');
    await navigator.clipboard.write([
      new ClipboardItem({
        'text/html': new Blob([html], { type: 'text/html' }),
        'text/plain': new Blob([text], { type: 'text/plain' }),
      }),
    ]);
    return true;
  } catch (error) {
    console.warn('Copying the signature failed', error);
    return false;
  }
}
