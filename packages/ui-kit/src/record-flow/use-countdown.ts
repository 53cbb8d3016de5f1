import { useEffect, useState } from 'react';

/** Whole seconds until `until` (epoch ms), ticking once a second; null when there is no deadline. */
export function useCountdown(until: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  if (until === null) return null;
  return Math.max(0, Math.ceil((until - now) / 1000));
}
