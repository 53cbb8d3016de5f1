import { useAtomValue } from 'jotai';
import { isProPlan, LIMITS } from '@vocal/settings-model';
import { userAtom } from '../session/session-state.ts';

/** What each plan allows, from the limits the server enforces. */
const FEATURES: { name: string; free: string; pro: string }[] = [
  { name: 'Length of a message', free: `${LIMITS.free.maxRecordingSeconds / 60} minute`, pro: 'No limit' },
  { name: 'Messages a month', free: String(LIMITS.free.messagesPerMonth), pro: 'No limit' },
  { name: 'Pause while recording', free: 'No', pro: 'Yes' },
  { name: 'Transcripts of your messages', free: 'No', pro: 'Yes' },
  { name: 'Folders', free: 'No', pro: 'Yes' },
  { name: 'Your colours, logo and call to action on listen pages', free: 'No', pro: 'Yes' },
  { name: '“Sent with Vocal” on your pages', free: 'Shown', pro: 'Hidden' },
  { name: 'Your own domain for links', free: 'No', pro: 'Yes' },
];

/**
 * The person's plan, what Free allows and what Pro adds. This server takes no payments, so
 * it says who can make an account Pro, and how, rather than offering a checkout that is not there.
 */
export default function PlanPage() {
  const user = useAtomValue(userAtom);
  if (!user) return null;
  const pro = isProPlan(user.plan);
  return (
    <section className="settings-page" aria-labelledby="plan-title">
      <header className="page-header">
        <div>
          <h1 id="plan-title" className="page-header__title">
            Your plan
          </h1>
          <p className="page-header__meta">
            You are on <strong>{pro ? 'Pro' : 'Free'}</strong>.
          </p>
        </div>
      </header>
      <div className="plan-table__frame">
        <table className="plan-table">
          <caption className="plan-table__caption">What Free allows and what Pro adds</caption>
          <thead>
            <tr>
              <th scope="col">Feature</th>
              <th scope="col" aria-current={pro ? undefined : 'true'}>
                Free
              </th>
              <th scope="col" aria-current={pro ? 'true' : undefined}>
                Pro
              </th>
            </tr>
          </thead>
          <tbody>
            {FEATURES.map((feature) => (
              <tr key={feature.name}>
                <th scope="row">{feature.name}</th>
                <td>{feature.free}</td>
                <td>{feature.pro}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pro ? null : (
        <div className="settings-page__group">
          <h2 className="settings-page__heading">Getting Pro</h2>
          <p>This server takes no payments: the administrator who runs it makes accounts Pro. Ask them to run this on the server:</p>
          <pre className="plan-page__command">
            <code>npx -y pnpm@10 admin users set-plan --email {user.email} --plan pro</code>
          </pre>
        </div>
      )}
    </section>
  );
}
