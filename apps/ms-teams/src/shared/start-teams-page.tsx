import type { ReactNode } from 'react';
import { APP_VERSION } from '@vocal/settings-model';
import { Spinner } from '@vocal/ui-kit';
import { renderPage } from '@vocal/host-shell';
import { connectToTeams, getTeamsContext, onTeamsThemeChange } from '../host/teams-runtime.ts';
import { NotInTeams } from './not-in-teams.tsx';
import { TeamsTheme } from './teams-theme.tsx';

export type TeamsPage = {
  /** Which page, for the startup line in the console. */
  name: string;
  /** What to say when the page was opened outside Teams. */
  outsideTeams: string;
  /** The page, once Teams has answered. */
  render(): ReactNode | Promise<ReactNode>;
};

/**
 * Every page of the Teams app starts alike: a spinner while teams-js connects, then the page
 * in Teams' theme, or why it cannot run (opened outside Teams, or Teams did not answer).
 */
export async function startTeamsPage(page: TeamsPage) {
  renderPage(
    <div className="page-loading">
      <Spinner label="Starting Vocal" />
    </div>,
  );
  try {
    if (!(await connectToTeams())) {
      renderPage(<NotInTeams message={page.outsideTeams} />);
      return;
    }
    const context = await getTeamsContext().catch(() => null);
    const content = await page.render();
    renderPage(
      <TeamsTheme initial={context?.theme} subscribe={onTeamsThemeChange}>
        {content}
      </TeamsTheme>,
    );
    // Spec section 1: on startup the app logs that it was initialized.
    console.info(`Vocal Teams app ${APP_VERSION} ${page.name} initialized`);
  } catch (error) {
    renderPage(<NotInTeams message={error instanceof Error ? error.message : String(error)} />);
  }
}
