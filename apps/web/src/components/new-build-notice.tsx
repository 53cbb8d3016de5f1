import { useEffect, useState } from 'react';
import { Button } from '@vocal/ui-kit';
import { watchForNewBuild } from '../boot/build-check.ts';

/** Offers a reload once a newer version is deployed, instead of failing on a missing chunk later. */
export function NewBuildNotice() {
  const [available, setAvailable] = useState(false);
  useEffect(() => watchForNewBuild(() => setAvailable(true)), []);
  if (!available) return null;
  return (
    <div className="new-build-notice" role="status">
      <span>A new version of Vocal is available.</span>
      <Button size="sm" variant="secondary" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </div>
  );
}
