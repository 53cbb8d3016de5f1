import type { HostAdapter, Share } from '@vocal/host-contract';
import type { AttachmentSettings } from '@vocal/settings-model';
import { attachmentFileName } from '@vocal/ui-kit';

/**
 * `attachment` and `fetchAudio` go together, for hosts whose messages take files (Outlook);
 * a host whose replies take none (Zendesk, Front, Zoho Mail) leaves both out and gets the link alone.
 */
export type WindowRecordingOptions = {
  /** The attachment setting at the moment the window hands its message back. */
  attachment?(): Pick<AttachmentSettings, 'enabled' | 'name'> | null;
  /** The finished message's MP3, fetched from our storage (the window keeps its own copy). */
  fetchAudio?(share: Share): Promise<Blob | null>;
  /** The window could not be opened or stopped unexpectedly: tell the person. */
  onWindowError(message: string): void;
};

/**
 * The host panel's part in recording in a separate window: a message recorded there arrives
 * as a link only, so the panel attaches its MP3 (when the setting is on) before the flow
 * inserts the link, and a window that fails becomes a notice rather than an uncaught error.
 */
export function withWindowRecording(adapter: HostAdapter, options: WindowRecordingOptions): HostAdapter {
  const recordInWindow = adapter.recordInWindow;
  if (!recordInWindow) return adapter;
  return {
    ...adapter,
    async recordInWindow(url: string): Promise<Share | null> {
      let share: Share | null;
      try {
        share = await recordInWindow.call(adapter, url);
      } catch (error) {
        options.onWindowError(error instanceof Error ? error.message : String(error));
        return null;
      }
      const attachment = options.attachment?.();
      if (share && attachment?.enabled && adapter.attachAudio && options.fetchAudio) {
        try {
          const audio = await options.fetchAudio(share);
          if (audio) await adapter.attachAudio({ blob: audio, name: attachmentFileName(attachment.name) });
        } catch (error) {
          // The link is what the person asked for; a missing attachment must not stop it.
          console.warn('The recording could not be attached', error);
        }
      }
      return share;
    },
  };
}
