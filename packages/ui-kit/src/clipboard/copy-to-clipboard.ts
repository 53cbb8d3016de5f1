/**
 * Copies text with the asynchronous Clipboard API. Failure (no API in an insecure context, a
 * host frame without clipboard permission, a refused write) is logged and answered with false
 * (spec section 8), so the caller can fall back to asking the person to copy by hand.
 */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('The Clipboard API is not available here');
    await navigator.clipboard.writeText(text);
    return true;
  } catch (error) {
    console.warn('Copying to the clipboard failed', error);
    return false;
  }
}
