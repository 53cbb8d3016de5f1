import { Button } from '@vocal/ui-kit';
import { BrandHeader } from '../brand-header.tsx';

/** A window's top line: the brand, and Cancel where there is a panel to tell. */
export function WindowHeader({ onCancel }: { onCancel?: () => void }) {
  return (
    <BrandHeader>
      {onCancel ? (
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      ) : null}
    </BrandHeader>
  );
}
