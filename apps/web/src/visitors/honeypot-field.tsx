/**
 * The honeypot: a "Website" field people never see (moved off screen and out of the
 * accessibility tree) that form-filling bots complete. The server keeps nothing sent with it.
 */
export function HoneypotField({ value, onChange }: { value: string; onChange(value: string): void }) {
  return (
    <div className="honeypot" aria-hidden="true">
      <label>
        Website
        <input
          type="text"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
    </div>
  );
}
