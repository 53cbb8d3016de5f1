import { useEffect, useRef, useState } from 'react';
import { RECORDING_TITLE_MAX_LENGTH } from '@vocal/settings-model';

export type ItemTitleEditorProps = {
  /** The subject as it is; empty when the message has none. */
  subject: string;
  /** Shown when the field is empty: what the title will read. */
  placeholder: string;
  onSave(subject: string | null): Promise<string | null>;
  onDone(): void;
};

/**
 * Rename in place: Enter (or leaving the field) saves, Escape cancels. An empty title gives the
 * message back its automatic name. A refusal keeps the field open with the server's reason.
 */
export function ItemTitleEditor({ subject, placeholder, onSave, onDone }: ItemTitleEditorProps) {
  const [value, setValue] = useState(subject);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const finished = useRef(false);
  // A ref, not the state: Enter and the blur that follows can both call save before a re-render.
  const inFlight = useRef(false);

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  const save = async () => {
    if (finished.current || inFlight.current) return;
    const next = value.trim();
    if (next === subject.trim()) {
      finished.current = true;
      onDone();
      return;
    }
    inFlight.current = true;
    setSaving(true);
    const refusal = await onSave(next === '' ? null : next);
    inFlight.current = false;
    setSaving(false);
    if (refusal) {
      setProblem(refusal);
      return;
    }
    finished.current = true;
    onDone();
  };

  return (
    <span className="inbox-rename">
      <input
        ref={input}
        className="inbox-rename__input"
        aria-label="Title of this message"
        aria-describedby={problem ? 'inbox-rename-problem' : undefined}
        aria-invalid={problem ? true : undefined}
        value={value}
        maxLength={RECORDING_TITLE_MAX_LENGTH}
        placeholder={placeholder}
        readOnly={saving}
        onChange={(event) => setValue(event.target.value)}
        onBlur={() => void save()}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void save();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            finished.current = true;
            onDone();
          }
        }}
      />
      <span className="inbox-rename__hint" aria-hidden="true">
        Enter to save · Esc to cancel
      </span>
      {problem ? (
        <span id="inbox-rename-problem" className="inbox-rename__problem" role="alert">
          {problem}
        </span>
      ) : null}
    </span>
  );
}
