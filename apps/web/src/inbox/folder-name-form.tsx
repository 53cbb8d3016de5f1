import { useEffect, useRef, useState } from 'react';
import { Button } from '@vocal/ui-kit';

/** A folder name field with Save and Cancel (Escape cancels too); the server's refusal is shown under it. */
export function FolderNameForm({
  label,
  initial = '',
  submitLabel,
  onSubmit,
  onCancel,
}: {
  label: string;
  initial?: string;
  submitLabel: string;
  onSubmit(name: string): Promise<string | null>;
  onCancel(): void;
}) {
  const [name, setName] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  return (
    <form
      className="folder-form"
      onSubmit={(event) => event.preventDefault()}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onCancel();
        }
      }}
    >
      <input
        ref={input}
        className="folder-form__input"
        aria-label={label}
        value={name}
        maxLength={80}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => setName(event.target.value)}
      />
      {problem ? (
        <p className="folder-form__problem" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="folder-form__buttons">
        <Button
          type="submit"
          size="sm"
          loadingLabel="Saving…"
          onClick={async () => {
            if (!name.trim()) {
              setProblem('Give the folder a name.');
              return;
            }
            const refusal = await onSubmit(name.trim());
            if (refusal) setProblem(refusal);
          }}
        >
          {submitLabel}
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
