import '../expiry/expiry.css';
import { useId, type ReactNode } from 'react';

export type Choice<Value extends string> = { value: Value; label: string; hint?: string };

/** Radio choices as full-width rows, each a 44-px target, the chosen one outlined (the expiry and password dialogs). */
export function ChoiceRows<Value extends string>({
  legend,
  choices,
  value,
  onChange,
  describedBy,
}: {
  /** Read by screen readers only: the dialog's title says it to everyone. */
  legend: ReactNode;
  choices: readonly Choice<Value>[];
  value: Value;
  onChange(value: Value): void;
  describedBy?: string;
}) {
  const name = useId();
  return (
    <fieldset className="expiry-form__choices" aria-describedby={describedBy}>
      <legend className="vk-visually-hidden">{legend}</legend>
      {choices.map((each) => (
        <label key={each.value} className={each.hint ? 'expiry-form__choice expiry-form__choice--hinted' : 'expiry-form__choice'}>
          <input type="radio" name={name} value={each.value} checked={value === each.value} onChange={() => onChange(each.value)} />
          {each.hint ? (
            <span className="expiry-form__choice-text">
              <span>{each.label}</span>
              <span className="expiry-form__choice-hint">{each.hint}</span>
            </span>
          ) : (
            <span>{each.label}</span>
          )}
        </label>
      ))}
    </fieldset>
  );
}
