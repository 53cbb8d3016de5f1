import { OutsideHost } from '@vocal/host-shell';

/** Shown when the page was opened outside Front, or Front did not answer. */
export function FrontMissing({ message }: { message: string }) {
  return <OutsideHost className="front-sidebar" title="Open Vocal from Front" message={message} />;
}
