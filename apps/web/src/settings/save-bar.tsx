import { Button } from '@vocal/ui-kit';
import type { SaveState } from './use-personalisation-form.ts';

/**
 * The Save button of a settings form and what became of the last save, announced politely.
 * The button is a submit button: the form's onSubmit does the saving, so Enter saves too.
 */
export function SaveBar({ state, dirty, label = 'Save changes' }: { state: SaveState; dirty: boolean; label?: string }) {
  return (
    <div className="save-bar">
      <Button type="submit" loading={state.status === 'saving'} disabled={!dirty && state.status !== 'failed'}>
        {label}
      </Button>
      <p className="save-bar__status" role="status" aria-live="polite">
        {state.status === 'saved' && !dirty ? 'Saved' : null}
        {state.status === 'failed' ? <span className="save-bar__error">{state.message}</span> : null}
        {dirty && state.status !== 'saving' ? 'Unsaved changes' : null}
      </p>
    </div>
  );
}
