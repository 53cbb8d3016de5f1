import { useId, useState } from 'react';
import { TextField } from '@vocal/ui-kit';
import { SaveDialog } from '../components/save-dialog.tsx';
import { ChoiceRows, type Choice } from '../components/choice-rows.tsx';
import { MESSAGE_PASSWORD_MIN, type RecordingPrivacy } from '@vocal/settings-model';

/** What the owner asks the server for: the password to set, or none (public again). */
export type PrivacyChange = { privacy: 'public' } | { privacy: 'password'; password: string } | { privacy: 'team' };

const CHOICES: Choice<RecordingPrivacy>[] = [
  { value: 'public', label: 'Anyone with the link', hint: 'The link plays the message at once.' },
  { value: 'password', label: 'Only people who know the password', hint: 'The link asks for the password first.' },
  { value: 'team', label: 'Only my team', hint: 'Your team’s members listen signed in; the link asks anyone else to sign in.' },
];

/**
 * "Privacy…": who may open a sent message's link (decisions 0074 and 0075). A protected
 * message keeps its password until a new one is typed; the server keeps only its hash, so it
 * cannot be shown again. `onSave` answers an error to show, or null once saved.
 */
export function PrivacyDialog({
  open,
  title,
  privacy,
  onSave,
  onClose,
}: {
  open: boolean;
  /** The message's title, so the dialog says which message it is about. */
  title: string;
  privacy: RecordingPrivacy;
  onSave(change: PrivacyChange | null): Promise<string | null>;
  onClose(): void;
}) {
  const [choice, setChoice] = useState<RecordingPrivacy>(privacy);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const protectedAlready = privacy === 'password';

  const save = async () => {
    let change: PrivacyChange | null;
    if (choice === 'public') change = privacy === 'public' ? null : { privacy: 'public' };
    else if (choice === 'team') change = privacy === 'team' ? null : { privacy: 'team' };
    else if (!password && protectedAlready) change = null;
    else if (password.length < MESSAGE_PASSWORD_MIN) return setError(`Use at least ${MESSAGE_PASSWORD_MIN} characters.`);
    else change = { privacy: 'password', password };
    const failed = await onSave(change);
    if (failed) setError(failed);
  };

  return (
    <SaveDialog
      open={open}
      onClose={onClose}
      title="Who can listen to this message?"
      description={`“${title}”: a password or your team keeps the link private, even if it is forwarded.`}
      saveLabel="Save"
      onSave={save}
    >
      <ChoiceRows
        legend="Who can listen"
        choices={CHOICES}
        value={choice}
        describedBy={error && choice !== 'password' ? errorId : undefined}
        onChange={(value) => {
          setChoice(value);
          setError(null);
        }}
      />
      {choice === 'password' ? (
        <TextField
          label={protectedAlready ? 'New password' : 'Password'}
          type="text"
          name="message-password"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          value={password}
          hint={
            protectedAlready
              ? 'Leave it empty to keep the current password. Share a new one with your listeners yourself.'
              : `At least ${MESSAGE_PASSWORD_MIN} characters. Share it with your listeners yourself: it is never sent with the link.`
          }
          error={error}
          onChange={(event) => {
            setPassword(event.target.value);
            setError(null);
          }}
        />
      ) : error ? (
        <p id={errorId} className="expiry-form__error" role="alert">
          {error}
        </p>
      ) : null}
    </SaveDialog>
  );
}
