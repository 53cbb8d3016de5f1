import { OutsideHost } from '@vocal/host-shell';

/** Shown when the page was opened outside Teams, or Teams did not answer. */
export function NotInTeams({ message }: { message: string }) {
  return <OutsideHost className="teams-page" title="Open Vocal from Teams" message={message} />;
}
