import { OutsideHost } from '@vocal/host-shell';

/** Shown when office.js did not load, or the page was opened outside Outlook. */
export function OfficeMissing({ message }: { message: string }) {
  return <OutsideHost className="taskpane" title="Open Vocal from Outlook" message={message} />;
}
