import './shared/app.css';
import { ChannelTabConfig } from './config/channel-tab-config.tsx';
import { teamsConfigSdk } from './host/teams-runtime.ts';
import { connectTabConfiguration } from './host/teams-tab-config.ts';
import { startTeamsPage } from './shared/start-teams-page.tsx';

await startTeamsPage({
  name: 'tab configuration',
  outsideTeams: "This page sets up Vocal's tab in a Teams channel or chat. Add Vocal to a channel in Teams.",
  async render() {
    const context = await teamsConfigSdk.getContext().catch(() => null);
    return (
      <ChannelTabConfig
        pageUrl={window.location.href}
        channelName={context?.channelName}
        connect={(currentConfig) => connectTabConfiguration(teamsConfigSdk, currentConfig)}
      />
    );
  },
});
