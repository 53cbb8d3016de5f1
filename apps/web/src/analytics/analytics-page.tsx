import './analytics.css';
import type { RecordingAnalytics } from '@vocal/settings-model';
import { ButtonLink, Spinner } from '@vocal/ui-kit';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { useRouteParam } from '../routes/route-params.ts';
import { ListensChart } from './listens-chart.tsx';
import { useRecordingAnalytics } from './use-recording-analytics.ts';

/** The chart shows the last month; the figures count every listen since the upload. */
const CHART_DAYS = 30;

const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 0 });

function Figures({ analytics }: { analytics: RecordingAnalytics }) {
  const figures = [
    { label: 'Listens', value: String(analytics.listens), hint: 'One per listener per visit; yours do not count.' },
    { label: 'Unique listeners', value: String(analytics.uniqueListeners), hint: 'Different people (by device and account).' },
    {
      label: 'Average heard',
      value: analytics.averageHeard === null ? '—' : percent.format(analytics.averageHeard),
      hint: analytics.averageHeard === null ? 'Shown once someone has played it.' : 'How much of the message a listen played, on average.',
    },
    { label: 'Replies', value: String(analytics.replies), hint: 'Voice replies to this message.' },
    { label: 'Comments', value: String(analytics.comments), hint: 'Written comments under it.' },
  ];
  return (
    <dl className="analytics-figures">
      {figures.map((figure) => (
        <div key={figure.label} className="analytics-figure">
          <dt className="analytics-figure__label">{figure.label}</dt>
          <dd className="analytics-figure__value">{figure.value}</dd>
          <dd className="analytics-figure__hint">{figure.hint}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * /analytics/:id (Pro): who listened to one of the owner's messages, day by day, how many
 * different people, how much of it they heard, and the replies and comments it drew.
 */
export default function AnalyticsPage() {
  const recordingId = useRouteParam('id');
  const state = useRecordingAnalytics(recordingId);
  if (state.kind === 'not-found') return <NotFoundPage title="404 Page not found" message="This message was not found" />;

  const days = state.kind === 'ready' ? state.analytics.days.slice(-CHART_DAYS) : [];
  return (
    <section className="analytics-page" aria-labelledby="analytics-title">
      <header className="page-header">
        <div>
          <a className="analytics-page__back" href="/recordings">
            <span aria-hidden="true">←</span> Recordings
          </a>
          <h1 id="analytics-title" className="page-header__title">
            Analytics
          </h1>
          <p className="page-header__meta">{state.kind === 'ready' ? state.title : '\u00a0'}</p>
        </div>
        {state.kind === 'ready' ? (
          <ButtonLink size="sm" variant="secondary" href={`/listen/${recordingId}`}>
            Open the listen page
          </ButtonLink>
        ) : null}
      </header>
      {state.kind === 'loading' ? (
        <div className="analytics-page__loading">
          <Spinner label="Loading the analytics" />
        </div>
      ) : null}
      {state.kind === 'failed' ? (
        <p className="notice" role="alert">
          {state.message}
        </p>
      ) : null}
      {state.kind === 'pro-only' ? (
        <div className="analytics-page__pro">
          <h2 className="analytics-page__heading">Listen analytics are part of Pro</h2>
          <p>
            With Pro you see how many people listened to each message, day by day, how much of it they heard, and the replies and comments
            it drew. Your listen counts stay on the recordings page either way.
          </p>
          <ButtonLink href="/upgrade">See what Pro adds</ButtonLink>
        </div>
      ) : null}
      {state.kind === 'ready' ? (
        <>
          <Figures analytics={state.analytics} />
          <section className="analytics-page__chart" aria-labelledby="analytics-chart-title">
            <h2 id="analytics-chart-title" className="analytics-page__heading">
              Listens per day
            </h2>
            <ListensChart
              days={days}
              title={
                days.length < state.analytics.days.length ? `Listens per day, last ${CHART_DAYS} days` : 'Listens per day since it was sent'
              }
            />
          </section>
        </>
      ) : null}
    </section>
  );
}
