import type { Theme } from '@vocal/settings-model';
import { contrastRatio, parseColour } from '@vocal/ui-kit';

/** WCAG AA: body text, and a control's colour against what is around it. */
const TEXT_MINIMUM = 4.5;
const CONTROL_MINIMUM = 3;

const ratio = (first: string, second: string) => {
  const a = parseColour(first);
  const b = parseColour(second);
  return a && b ? contrastRatio(a, b) : null;
};

/**
 * Warns, with the ratio, when the chosen colours would be hard to read. The page itself
 * still adjusts shades to stay readable (ui-kit's themeVariables), so the warning also says
 * the result will differ from the pick.
 */
export function ContrastNote({ theme }: { theme: Theme }) {
  const text = ratio(theme.neutral, theme.background);
  const accent = ratio(theme.primary, theme.background);
  const problems = [
    text !== null && text < TEXT_MINIMUM ? `Text colour on background: ${text.toFixed(1)}:1 (${TEXT_MINIMUM}:1 reads well).` : null,
    accent !== null && accent < CONTROL_MINIMUM
      ? `Primary colour on background: ${accent.toFixed(1)}:1 (buttons and links want ${CONTROL_MINIMUM}:1).`
      : null,
  ].filter((problem): problem is string => problem !== null);
  if (!problems.length) return null;
  return (
    <div className="contrast-note" role="status">
      <p className="contrast-note__title">Hard to read</p>
      {problems.map((problem) => (
        <p key={problem}>{problem}</p>
      ))}
      <p>The page will shift these shades until they are readable, so it will look a little different from your choice.</p>
    </div>
  );
}
