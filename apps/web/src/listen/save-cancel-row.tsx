import { Button } from '@vocal/ui-kit';

/**
 * The actions under an inline editor of the owner bar: Save (busy while `onSave` runs; the
 * form's Enter submits through it) and Cancel.
 */
export function SaveCancelRow({
  saveLabel,
  onSave,
  onCancel,
}: {
  saveLabel: string;
  onSave: () => Promise<unknown>;
  onCancel: () => void;
}) {
  return (
    <div className="owner-bar__row">
      <Button
        type="submit"
        size="sm"
        loadingLabel="Saving…"
        onClick={(event) => {
          event.preventDefault();
          return onSave();
        }}
      >
        {saveLabel}
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={() => onCancel()}>
        Cancel
      </Button>
    </div>
  );
}
