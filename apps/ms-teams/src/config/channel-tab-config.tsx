import { useEffect, useRef, useState } from 'react';
import { BrandHeader } from '@vocal/host-shell';
import { TextField } from '@vocal/ui-kit';
import type { TeamsTabConfig } from '../host/teams-sdk.ts';
import { tabContentUrl, websiteUrl } from '../shared/page-urls.ts';

export const DEFAULT_TAB_NAME = 'Voice messages';
const TAB_NAME_MAX = 50;

export type ChannelTabConfigProps = {
  /** This page's own URL: the tab's pages are beside it. */
  pageUrl: string;
  /** The channel the tab is being added to, when Teams says. */
  channelName?: string;
  /** Connects the page to Teams' Save button (connectTabConfiguration, or a fake in tests). */
  connect(currentConfig: () => TeamsTabConfig | null): { setValid(valid: boolean): void };
};

/** The settings a tab is saved with: our tab page, and the name the person chose. */
export function channelTabConfig(pageUrl: string, name: string): TeamsTabConfig {
  return {
    entityId: 'vocal-record',
    contentUrl: tabContentUrl(pageUrl),
    websiteUrl: websiteUrl(pageUrl),
    suggestedDisplayName: name.trim(),
  };
}

/**
 * The configuration page Teams shows when someone adds Vocal to a channel or chat: what the
 * tab will do, and its name. Teams' own Save button (outside this page) stores it.
 */
export function ChannelTabConfig({ pageUrl, channelName, connect }: ChannelTabConfigProps) {
  const [name, setName] = useState(DEFAULT_TAB_NAME);
  const nameRef = useRef(name);
  nameRef.current = name;
  const [teams, setTeams] = useState<{ setValid(valid: boolean): void } | null>(null);

  useEffect(() => {
    setTeams(connect(() => (nameRef.current.trim() ? channelTabConfig(pageUrl, nameRef.current) : null)));
  }, [connect, pageUrl]);

  const valid = name.trim().length > 0;
  useEffect(() => teams?.setValid(valid), [teams, valid]);

  return (
    <main className="teams-page teams-page--config">
      <BrandHeader />
      <h1 className="teams-page__title">{channelName ? `Add Vocal to ${channelName}` : 'Add Vocal to this conversation'}</h1>
      <p className="teams-page__lead">
        The tab lets everyone here record a voice message and share its link in Teams. Each person signs in to their own Vocal account.
      </p>
      <TextField
        label="Tab name"
        value={name}
        maxLength={TAB_NAME_MAX}
        onChange={(event) => setName(event.target.value)}
        hint="Choose Save below to add the tab."
        error={valid ? undefined : 'Give the tab a name'}
      />
    </main>
  );
}
