import { useId } from 'react';
import { THEME_PRESET_NAMES, THEME_PRESETS, type Theme } from '@vocal/settings-model';
import { ColourField } from './colour-field.tsx';
import { ContrastNote } from './contrast-note.tsx';
import { presetOf, type ThemeColourKey } from './theme-choice.ts';

const COLOUR_LABELS: Record<ThemeColourKey, string> = {
  primary: 'Primary colour',
  neutral: 'Text colour',
  background: 'Background colour',
};

function Swatch({ theme }: { theme: Theme }) {
  return (
    <span className="theme-picker__swatch" style={{ background: theme.background }} aria-hidden="true">
      <span className="theme-picker__swatch-line" style={{ background: theme.neutral }} />
      <span className="theme-picker__swatch-dot" style={{ background: theme.primary }} />
    </span>
  );
}

/**
 * The four presets and "Custom" as one radio group (arrow keys move between them), and the
 * three colours when Custom is chosen. `customName` names the custom entry (see placeTheme).
 */
export function ThemePicker(props: { value: Theme; customName: string; disabled?: boolean; onChange: (theme: Theme) => void }) {
  const name = useId();
  const preset = presetOf(props.value);
  const choices = [
    ...THEME_PRESET_NAMES.map((presetName) => ({ key: presetName, theme: THEME_PRESETS[presetName] })),
    { key: 'Custom', theme: props.value },
  ];
  const choose = (key: string) => {
    if (key === 'Custom') props.onChange({ ...props.value, name: props.customName });
    else props.onChange(THEME_PRESETS[key as keyof typeof THEME_PRESETS]);
  };
  return (
    <div className="theme-picker">
      <fieldset className="theme-picker__choices" disabled={props.disabled}>
        <legend className="vk-visually-hidden">Theme</legend>
        {choices.map((choice) => {
          const checked = choice.key === 'Custom' ? preset === null : preset === choice.key;
          return (
            <label key={choice.key} className="theme-picker__choice">
              <input type="radio" name={name} value={choice.key} checked={checked} onChange={() => choose(choice.key)} />
              <Swatch theme={choice.theme} />
              <span className="theme-picker__name">{choice.key}</span>
            </label>
          );
        })}
      </fieldset>
      {preset === null ? (
        <div className="theme-picker__colours">
          {(Object.keys(COLOUR_LABELS) as ThemeColourKey[]).map((key) => (
            <ColourField
              key={key}
              label={COLOUR_LABELS[key]}
              value={props.value[key]}
              disabled={props.disabled}
              onChange={(colour) => props.onChange({ ...props.value, name: props.customName, [key]: colour })}
            />
          ))}
          <ContrastNote theme={props.value} />
        </div>
      ) : null}
    </div>
  );
}
