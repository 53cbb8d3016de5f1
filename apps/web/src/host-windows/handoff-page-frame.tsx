import './handoff-pages.css';
import type { ReactNode } from 'react';
import type { HostAdapter } from '@vocal/host-contract';
import type { User } from '@vocal/settings-model';
import { BrandMark, RecordFlow, type RecordFlowProps } from '@vocal/ui-kit';
import { webApi } from '../session/web-api.ts';

/** The recorder pages' column (Gmail's card, a host panel's tab): the mark, then the page's own content. */
export function HandoffPageFrame({ children }: { children: ReactNode }) {
  return (
    <div className="handoff-page">
      <main className="handoff-page__column">
        <BrandMark compact />
        {children}
      </main>
    </div>
  );
}

export type HandoffRecordFlowProps = {
  host: HostAdapter;
  user: User;
  settings: RecordFlowProps['settings'];
  saveDevice(deviceId: string | null): Promise<void>;
  /** Whether the message went through the link. */
  onShared(sent: boolean): void;
};

/** The shared record flow on a recorder page, on the web app's own session. */
export function HandoffRecordFlow({ host, user, settings, saveDevice, onShared }: HandoffRecordFlowProps) {
  return (
    <RecordFlow
      host={host}
      api={webApi()}
      plan={user.plan}
      settings={settings}
      upgradeUrl="/upgrade"
      onDeviceChange={(deviceId) => void saveDevice(deviceId)}
      onShared={(_share, outcome) => onShared(outcome.inserted)}
    />
  );
}
