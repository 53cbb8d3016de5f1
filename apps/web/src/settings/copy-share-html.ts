/**
 * Copies the signature as rich text: the HTML for mail editors that paste formatting, and the
 * plain text beside it for those that do not. False when the browser refuses (no
 * ClipboardItem, an insecure page, a denied permission), so the page can show the HTML to
 * copy by hand instead.
 */
export async function copyShareHtml(html: string, text: string): Promise<boolean> {
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
