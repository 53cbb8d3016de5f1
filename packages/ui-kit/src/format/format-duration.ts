/**
 * Seconds as a clock reading: "m:ss" below an hour, "h:mm:ss" from an hour up. Fractions are
 * dropped (a player at 64.9 s still shows 1:04), and anything that is not a non-negative
 * finite number reads "0:00", which is what a player shows before it knows anything.
 */
export function formatDuration(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}
