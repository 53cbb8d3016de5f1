import { render } from '@testing-library/react';
import { useLayoutEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useFocusTrap } from './use-focus-trap.ts';

/** What had focus when the commit that showed the panel was done (the browser paints after it). */
const seenAtCommit: string[] = [];

function Trap({ panel, setPanel }: { panel: HTMLDivElement | null; setPanel: (element: HTMLDivElement | null) => void }) {
  useFocusTrap(panel, true);
  return (
    <div ref={setPanel} role="dialog" aria-label="Trapped">
      <button type="button">Inside</button>
    </div>
  );
}

/** Rendered after the trap: its layout effect runs after the trap's in the same commit. */
function Probe({ panel }: { panel: HTMLDivElement | null }) {
  useLayoutEffect(() => {
    if (panel) seenAtCommit.push(document.activeElement?.textContent ?? '');
  });
  return null;
}

function Harness() {
  const [panel, setPanel] = useState<HTMLDivElement | null>(null);
  return (
    <>
      <Trap panel={panel} setPanel={setPanel} />
      <Probe panel={panel} />
    </>
  );
}

describe('useFocusTrap', () => {
  it('has focus inside when the commit that shows it is done, before the browser paints: a key pressed at once goes inside', () => {
    const outside = document.createElement('button');
    outside.textContent = 'Outside';
    document.body.append(outside);
    outside.focus();
    const { unmount } = render(<Harness />);
    expect(seenAtCommit).toEqual(['Inside']);
    unmount();
    // On release, focus goes back to what had it.
    expect(document.activeElement).toBe(outside);
    outside.remove();
  });
});
