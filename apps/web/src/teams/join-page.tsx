import '../accounts/account-pages.css';
import './teams.css';
import { useAtomValue, useSetAtom } from 'jotai';
import { useContext, useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { PASSWORD_MIN_LENGTH, type JoinInvite } from '@vocal/settings-model';
import {
  AccountCard,
  BrandMark,
  Button,
  ButtonLink,
  EmailField,
  NewPasswordField,
  PasswordField,
  Spinner,
  SubmitButton,
  TextField,
} from '@vocal/ui-kit';
import { signupClosedText, useSignupPolicy } from '../accounts/use-signup-policy.ts';
import { usePageTitle } from '../components/use-page-title.ts';
import { RouteParamsContext } from '../routes/route-params.ts';
import { sessionStatusAtom, userAtom } from '../session/session-state.ts';
import { webApi } from '../session/web-api.ts';
import { codeFrom } from './join-code.ts';
import { MemberAvatar } from './member-avatar.tsx';

type Load = { kind: 'loading' } | { kind: 'missing'; message: string } | { kind: 'ready'; invite: JoinInvite };

/** Why an invite cannot be accepted, in the words the page shows. */
const STATE_TEXT: Record<Exclude<JoinInvite['state'], 'open'>, (owner: string) => string> = {
  expired: (owner) => `This invite has expired. Ask ${owner} to send you a new one.`,
  used: () => 'This invite was already used to join the team. If that was you, you are in: see your team in Settings.',
  closed: (owner) => `${owner}'s team is not open at the moment: their account no longer has Pro.`,
};

function JoinFrame({ children }: { children: React.ReactNode }) {
  return (
    <main className="join-page">
      <header className="join-page__brand">
        <Link href="/" className="join-page__home" aria-label="Vocal home">
          <BrandMark />
        </Link>
      </header>
      <div className="account-page">{children}</div>
    </main>
  );
}

/** /join without a code: a field for the code (or the whole link) from the invite mail. */
function CodeEntry({ problem }: { problem?: string }) {
  const [, navigate] = useLocation();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <AccountCard title="Join a team on Vocal">
      {problem ? (
        <p className="account-page__problem" role="alert">
          {problem}
        </p>
      ) : null}
      <p className="vk-sign-in__lead">Paste the link from your invite email, or the code at its end.</p>
      <form
        className="vk-sign-in__form"
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          const code = codeFrom(typed);
          if (!code) return setError('That is not an invite link or code: it is the 32 letters and digits after /join/');
          navigate(`/join/${code}`);
        }}
      >
        <TextField
          label="Invite link or code"
          name="code"
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          error={error}
        />
        <Button type="submit" block>
          Continue
        </Button>
      </form>
    </AccountCard>
  );
}

/** The new person's step: a name and a password; the account gets the address the invite was sent to. */
function CreateAccountStep({ code, owner, onJoined }: { code: string; owner: string; onJoined: () => void }) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ name?: string; password?: string; form?: string }>({});
  const submit = async () => {
    const found: typeof errors = {};
    if (!name.trim()) found.name = 'Enter the name people will see';
    if (password.length < PASSWORD_MIN_LENGTH) found.password = `Use at least ${PASSWORD_MIN_LENGTH} characters`;
    setErrors(found);
    if (found.name || found.password) return;
    const result = await webApi().signUpWithInvite(code, { name: name.trim(), password });
    if (result.ok) return onJoined();
    const message = result.error.msg;
    if (message.startsWith('name: ')) return setErrors({ name: `Name ${message.slice(6)}` });
    if (message.startsWith('password: ')) return setErrors({ password: `Password ${message.slice(10)}` });
    setErrors({ form: message });
  };
  return (
    <form className="vk-sign-in__form" noValidate aria-label="Create your account" onSubmit={(event: FormEvent) => event.preventDefault()}>
      <p className="vk-sign-in__lead">
        New to Vocal? Your account will use the email address the invite was sent to, and you join {owner}&rsquo;s team at once.
      </p>
      <TextField
        label="Your name"
        name="name"
        autoComplete="name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={errors.name}
        maxLength={100}
        required
      />
      <NewPasswordField
        label="Choose a password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
        required
      />
      {errors.form ? (
        <p className="vk-sign-in__error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <SubmitButton block loadingLabel="Creating your account…" onSubmit={submit}>
        Create account and join
      </SubmitButton>
    </form>
  );
}

/** Someone with an account signs in here; the page then offers to join with one press. */
function SignInStep() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string; form?: string }>({});
  const submit = async () => {
    const found: typeof errors = {};
    if (!email.trim()) found.email = 'Enter your email address';
    if (password.length < PASSWORD_MIN_LENGTH) found.password = `Use at least ${PASSWORD_MIN_LENGTH} characters`;
    setErrors(found);
    if (found.email || found.password) return;
    const result = await webApi().signInExisting({ email, password });
    if (!result.ok) setErrors({ form: result.error.msg });
  };
  return (
    <form className="vk-sign-in__form" noValidate aria-label="Sign in to join" onSubmit={(event: FormEvent) => event.preventDefault()}>
      <p className="vk-sign-in__lead">Sign in with the address the invite was sent to; then join with one press.</p>
      <EmailField value={email} onChange={(event) => setEmail(event.target.value)} error={errors.email} required />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
        required
      />
      {errors.form ? (
        <p className="vk-sign-in__error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <SubmitButton block loadingLabel="Signing in…" onSubmit={submit}>
        Sign in
      </SubmitButton>
      <p className="vk-sign-in__footer">
        <Link href="/forgot-password">Forgot password?</Link>
      </p>
    </form>
  );
}

/**
 * /join/:code (and /join): whose team the invite is for, then the way in: a new person creates
 * their account here, someone with an account signs in, a signed-in person joins with one press.
 * The invited address is never shown; the server checks it (decision 0033).
 */
export default function JoinPage() {
  const code = useContext(RouteParamsContext).code ?? null;
  const status = useAtomValue(sessionStatusAtom);
  const user = useAtomValue(userAtom);
  const setUser = useSetAtom(userAtom);
  const policy = useSignupPolicy();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [mode, setMode] = useState<'create' | 'sign-in'>('create');
  const [joined, setJoined] = useState(false);
  const [joinError, setJoinError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const signedIn = status === 'synced' && user !== null;

  usePageTitle(load.kind === 'ready' ? `Join ${load.invite.owner_name}'s team` : 'Join a team');

  useEffect(() => {
    if (!code) return;
    if (status === 'not-ready' || status === 'authorized') return;
    let current = true;
    void webApi()
      .getJoinInvite(code)
      .then((result) => {
        if (!current) return;
        setLoad(result.ok ? { kind: 'ready', invite: result.data } : { kind: 'missing', message: result.error.msg });
      });
    return () => {
      current = false;
    };
  }, [code, status, user?.id]);

  /** After joining: the account shows its new plan everywhere at once. */
  const arrive = async () => {
    setJoined(true);
    const account = await webApi().getAccount();
    if (account.ok) setUser(account.data);
  };

  const accept = async () => {
    if (!code) return;
    setBusy(true);
    const result = await webApi().acceptInvite(code);
    setBusy(false);
    if (result.ok) return arrive();
    setJoinError(result.error.msg);
  };

  if (!code) {
    return (
      <JoinFrame>
        <CodeEntry />
      </JoinFrame>
    );
  }
  if (load.kind === 'loading') {
    return (
      <JoinFrame>
        <Spinner label="Loading the invite" />
      </JoinFrame>
    );
  }
  if (load.kind === 'missing') {
    return (
      <JoinFrame>
        <CodeEntry problem={load.message} />
      </JoinFrame>
    );
  }

  const { invite } = load;
  const owner = invite.owner_name;
  return (
    <JoinFrame>
      <div className="join-card__owner">
        <MemberAvatar name={owner} email={owner} img={invite.owner_img} size={56} />
      </div>
      <AccountCard title={joined ? `You joined ${owner}'s team` : `${owner} invited you to their team on Vocal`}>
        {joined ? (
          <>
            <p className="join-card__done" role="status">
              You have Pro while you are in the team. Your messages stay yours, and you can leave at any time from Settings → Team.
            </p>
            <ButtonLink href="/recordings" variant="primary" block>
              Go to your recordings
            </ButtonLink>
            <ButtonLink href="/settings/team" variant="secondary" block>
              See your team
            </ButtonLink>
          </>
        ) : invite.state !== 'open' ? (
          <>
            <p className="account-page__problem" role="alert">
              {STATE_TEXT[invite.state](owner)}
            </p>
            <p className="vk-sign-in__footer">
              <Link href="/">Go to Vocal</Link>
            </p>
          </>
        ) : signedIn ? (
          <>
            <p className="vk-sign-in__lead">
              In the team you have Pro: no limit on length or number of messages, transcripts, folders and your own branding. Your messages
              stay yours.
            </p>
            {invite.for_you === false ? (
              <p className="account-page__problem" role="alert">
                This invite was sent to another email address than {user.email}. Sign in with the address it was sent to, or ask {owner} to
                invite {user.email}.
              </p>
            ) : (
              <Button block loading={busy} loadingLabel="Joining…" onClick={() => accept()}>
                Join {owner}&rsquo;s team
              </Button>
            )}
            {joinError ? (
              <p className="account-page__problem" role="alert">
                {joinError}
              </p>
            ) : null}
            <p className="vk-sign-in__footer">
              <span>Signed in as {user.email}</span>
              <button type="button" className="vk-sign-in__inline-button join-card__switch" onClick={() => void webApi().logout()}>
                Use another account
              </button>
            </p>
          </>
        ) : (
          <>
            <div className="join-card__modes" role="group" aria-label="How you join">
              <Button
                variant={mode === 'create' ? 'primary' : 'secondary'}
                aria-pressed={mode === 'create'}
                onClick={() => setMode('create')}
              >
                I am new to Vocal
              </Button>
              <Button
                variant={mode === 'sign-in' ? 'primary' : 'secondary'}
                aria-pressed={mode === 'sign-in'}
                onClick={() => setMode('sign-in')}
              >
                I have an account
              </Button>
            </div>
            {mode === 'create' ? (
              policy?.signup === 'closed' ? (
                <p className="account-page__hint">{signupClosedText(policy)}</p>
              ) : (
                <CreateAccountStep code={code} owner={owner} onJoined={() => void arrive()} />
              )
            ) : (
              <SignInStep />
            )}
          </>
        )}
      </AccountCard>
    </JoinFrame>
  );
}
