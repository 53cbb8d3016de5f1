import { useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { Button, Dialog, PasswordField } from '@vocal/ui-kit';
import { webApi } from '../session/web-api.ts';

/** Exactly what deleting takes with it, said before anything happens. */
const WHAT_GOES = [
  'every recording and its audio file, transcript and link: listen links stop working',
  'the messages, replies and comments people sent you, and the comments you wrote',
  'your photo, logo and every setting',
  'every sign-in on every device',
];

/** Deleting the account: says what goes, confirms with the password, then lands on the goodbye page. */
export function DeleteAccountSection() {
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const close = () => {
    setOpen(false);
    setPassword('');
    setError(null);
  };

  const remove = async () => {
    if (!password) return setError('Enter your password to delete your account');
    const result = await webApi().deleteAccount({ password });
    if (!result.ok) return setError(result.error.msg.replace(/^password: /, 'This '));
    navigate('/login?done=deleted', { replace: true });
  };

  return (
    <>
      <p className="account-settings__text">Deleting your account removes, at once and for good:</p>
      <ul className="account-settings__list">
        {WHAT_GOES.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p className="account-settings__text">
        <strong>This cannot be undone.</strong> Download anything you want to keep first.
      </p>
      <div className="account-settings__actions">
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete account…
        </Button>
      </div>
      <Dialog
        open={open}
        onClose={close}
        title="Delete your account?"
        description="Everything listed on this page goes now, and cannot be brought back. Enter your password to confirm."
        initialFocusRef={passwordRef}
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              Keep my account
            </Button>
            <Button variant="danger" loadingLabel="Deleting…" onClick={remove}>
              Delete my account
            </Button>
          </>
        }
      >
        <form onSubmit={(event) => event.preventDefault()} noValidate>
          <PasswordField
            ref={passwordRef}
            label="Your password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={error ?? undefined}
          />
        </form>
      </Dialog>
    </>
  );
}
