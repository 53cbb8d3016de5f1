import { useMemo } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { Link } from 'wouter';
import { BrandMark, ButtonLink, RecordFlow, Spinner } from '@vocal/ui-kit';

import { MonthlyAllowance } from '../billing/monthly-allowance.tsx';
import { createWebAdapter } from '../host/web-adapter.ts';
import { personalisationAtom, sessionStatusAtom, userAtom } from '../session/session-state.ts';
import { webApi } from '../session/web-api.ts';

/** Record a new message: the shared record flow, full screen, with the web adapter. */
export default function RecordPage() {
  const user = useAtomValue(userAtom);
  const status = useAtomValue(sessionStatusAtom);
  const [settings, setSettings] = useAtom(personalisationAtom);
  const host = useMemo(() => createWebAdapter(), []);
  // The microphone picked before Start is remembered for next time (and every other device).
  const saveDevice = async (deviceId: string | null) => {
    const saved = await webApi().savePersonalisation({ recorder: { deviceId } });
    if (saved.ok) setSettings(saved.data);
  };
  return (
    <div className="record-page">
      <header className="record-page__header">
        <Link href="/recordings" className="record-page__back">
          ← Your recordings
        </Link>
        <BrandMark compact />
      </header>
      <main className="record-page__main">
        <h1 className="record-page__title">Record a message</h1>
        {/* The plan decides the length limit and pausing: wait for the account before offering Start. */}
        {status === 'synced' && user?.messages.showPaywall ? (
          // The Free plan's messages for this month are used up: say so before a recording that could not be sent.
          <div className="record-page__paywall" role="status">
            <p>
              You have used this month’s {user.messages.max} Free {user.messages.max === 1 ? 'message' : 'messages'}. Upgrade to Pro for
              unlimited messages, or record again from the 1st.
            </p>
            <ButtonLink href="/upgrade">Upgrade to Pro</ButtonLink>
          </div>
        ) : status === 'synced' && user ? (
          <>
            <MonthlyAllowance refresh={false} />
            <RecordFlow
              host={host}
              api={webApi()}
              plan={user.plan}
              settings={settings}
              upgradeUrl="/upgrade"
              onDeviceChange={(deviceId) => void saveDevice(deviceId)}
            />
          </>
        ) : (
          <Spinner label="Getting your recorder ready" />
        )}
      </main>
    </div>
  );
}
