import { isColour } from '@vocal/settings-model';
import { parseColour, TextField, toHex } from '@vocal/ui-kit';

/**
 * One theme colour: typed in any form the spec allows (hex, rgb(a), hsl(a), a name), with the
 * browser's colour picker beside it for those who would rather point than type.
 */
export function ColourField(props: { label: string; value: string; disabled?: boolean; onChange: (value: string) => void }) {
  const valid = isColour(props.value);
  const rgb = valid ? parseColour(props.value) : null;
  return (
    <div className="colour-field">
      <TextField
        label={props.label}
        value={props.value}
        disabled={props.disabled}
        spellCheck={false}
        autoComplete="off"
        error={valid ? undefined : 'Use a hex (#267EFA), rgb(), hsl() or a colour name'}
        onChange={(event) => props.onChange(event.target.value)}
      />
      <input
        type="color"
        className="colour-field__picker"
        aria-label={`Pick the ${props.label.toLowerCase()}`}
        disabled={props.disabled}
        value={rgb ? toHex(rgb).toLowerCase() : '#000000'}
        onChange={(event) => props.onChange(event.target.value.toUpperCase())}
      />
    </div>
  );
}
