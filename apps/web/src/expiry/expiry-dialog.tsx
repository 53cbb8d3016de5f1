import './expiry.css';
import { useId, useState } from 'react';
import { SaveDialog } from '../components/save-dialog.tsx';
import { ChoiceRows } from '../components/choice-rows.tsx';
import { currentChoice, dateInputValue, EXPIRY_CHOICES, expiryFor, type ExpiryChoice } from '@vocal/settings-model';

/**
 * "Expiry": when a sent message's link stops working (never, in 1, 7 or 30 days, or on a day the
 * owner picks). `onSave` answers an error to show, or null once saved.
 */
export function ExpiryDialog({
  open,
  title,
  expiryDate,
  onSave,
  onClose,
}: {
  open: boolean;
  /** The message's title, so the dialog says which message it is about. */
  title: string;
  expiryDate: string | null;
  onSave(expiryDate: string | null): Promise<string | null>;
  onClose(): void;
}) {
  const initial = currentChoice(expiryDate);
  const [choice, setChoice] = useState<ExpiryChoice>(initial.choice);
  const [day, setDay] = useState(initial.day);
  const [error, setError] = useState<string | null>(null);
  const dayId = useId();
  const errorId = useId();

  const save = async () => {
    const chosen = expiryFor(choice, day, new Date());
    if (!chosen.ok) return setError(chosen.msg);
    const failed = await onSave(chosen.expiryDate);
    if (failed) setError(failed);
  };

  return (
    <SaveDialog
      open={open}
      onClose={onClose}
      title="When should this message expire?"
      description={`“${title}”: once it expires, its link says so and its audio is deleted.`}
      saveLabel="Save expiry"
      onSave={save}
    >
      <ChoiceRows
        legend="Expires"
        choices={EXPIRY_CHOICES}
        value={choice}
        describedBy={error ? errorId : undefined}
        onChange={(value) => {
          setChoice(value);
          setError(null);
        }}
      />
      {choice === 'date' ? (
        <div className="expiry-form__day">
          <label htmlFor={dayId}>Last day it can be heard</label>
          <input
            id={dayId}
            type="date"
            value={day}
            min={dateInputValue(new Date())}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setDay(event.target.value);
              setError(null);
            }}
          />
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="expiry-form__error" role="alert">
          {error}
        </p>
      ) : null}
    </SaveDialog>
  );
}
