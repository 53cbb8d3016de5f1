import type { ZafClient } from './zaf-client.ts';

/**
 * Keeps the sidebar's iframe as tall as the app's content: Zendesk gives an app frame a fixed
 * height until the app asks for another (the `resize` action), and the record flow grows and
 * shrinks as it moves between steps. Returns a function that stops following.
 */
export function fitFrameToContent(client: ZafClient, content: HTMLElement): () => void {
  let asked = 0;
  const resize = () => {
    const height = Math.ceil(content.getBoundingClientRect().height);
    if (height === asked || height === 0) return;
    asked = height;
    client.invoke('resize', { width: '100%', height: `${height}px` }).catch(() => undefined);
  };
  const observer = new ResizeObserver(resize);
  observer.observe(content);
  resize();
  return () => observer.disconnect();
}
