import { useEffect, useMemo, useState } from 'react';
import type { CollectPayload } from '@vocal/settings-model';
import { RecordFlow, Spinner } from '@vocal/ui-kit';
import { usePageTitle } from '../components/use-page-title.ts';
import { useRouteParam } from '../routes/route-params.ts';
import { webApi } from '../session/web-api.ts';
import { createVisitorHostAdapter } from '../visitors/visitor-host-adapter.ts';
import { VisitorNameField } from '../visitors/visitor-name-field.tsx';
import { VisitorPage, VisitorPageGone } from '../visitors/visitor-page.tsx';
import { VISITOR_RECORDING_PLAN, visitorRecorderApi } from '../visitors/visitor-recorder-api.ts';

type Load = { status: 'loading' } | { status: 'gone'; message: string; closed: boolean } | { status: 'ready'; collection: CollectPayload };

/** Anyone with the link records a voice message into the owner's collection. */
export default function CollectPage() {
  const code = useRouteParam('id');
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [name, setName] = useState('');
  const [sent, setSent] = useState(false);
  const host = useMemo(() => createVisitorHostAdapter('webapp'), []);
  const api = useMemo(
    () => visitorRecorderApi(webApi(), { target: `collect:${code}`, platform: 'webapp', details: () => ({ name: name.trim() || null }) }),
    [code, name],
  );
  useEffect(() => {
    void webApi()
      .getCollection(code)
      .then((result) =>
        setLoad(
          result.ok
            ? { status: 'ready', collection: result.data }
            : { status: 'gone', message: result.error.msg, closed: result.status === 403 },
        ),
      );
  }, [code]);
  usePageTitle(load.status === 'ready' ? load.collection.title : 'Send a voice message');

  if (load.status === 'loading') {
    return (
      <main className="listen-page listen-page--state">
        <Spinner label="Loading" />
      </main>
    );
  }
  if (load.status === 'gone') return <VisitorPageGone message={load.message} closed={load.closed} />;
  const { collection } = load;
  return (
    <VisitorPage
      theme={collection.theme}
      user={collection.user}
      name={collection.name}
      title={collection.title}
      branding={collection.branding}
    >
      {sent ? (
        <p className="visitor-card__sent" role="status">
          Thanks! {collection.name} has your voice message.
        </p>
      ) : (
        <div className="contact-form">
          <VisitorNameField value={name} onChange={setName} />
          <RecordFlow host={host} api={api} plan={0} recordingPlan={VISITOR_RECORDING_PLAN} onShared={() => setSent(true)} />
        </div>
      )}
    </VisitorPage>
  );
}
