import { OutsideHost } from '@vocal/host-shell';

/** Shown when the page was opened outside Meet, or Meet did not answer. */
export function MeetMissing({ title = 'Open Vocal from Google Meet', message }: { title?: string; message: string }) {
  return <OutsideHost className="meet-panel" title={title} message={message} />;
}
