import { Dialog } from '@vocal/ui-kit';
import { EmbedFields } from './embed-fields.tsx';

/** Share > Embed: in a chunk of its own, so the page's first load for a listener stays small. */
export default function EmbedDialog({
  open,
  onClose,
  pageUrl,
  recordingId,
  title,
}: {
  open: boolean;
  onClose(): void;
  pageUrl: string;
  recordingId: string;
  title: string;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Embed this voice message"
      description="Put the player on a web page: paste the code into the page's HTML, or paste the link on its own where the site makes players from links."
    >
      <EmbedFields pageUrl={pageUrl} recordingId={recordingId} title={title} />
    </Dialog>
  );
}
