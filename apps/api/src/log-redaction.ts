// Visitors write to owners through this server: their addresses and messages are personal
// data, and logs are kept longer and read by more people than the database. A failed query's
// error carries every value it bound (drizzle: "params: ..."; PostgreSQL: "Key (...)=(...)"),
// so those parts are cut, and any email address left anywhere in a log line is masked.
// Bound values may span lines themselves, so they are cut up to the stack's first frame.
const QUERY_PARAMETERS = /(^|\n)(params: )[\s\S]*?(?=\n\s+at |$)/g;
const KEY_VALUES = /(Key \([^)]*\)=\()[^)]*(\))/g;
const EMAIL = /[\w.!#$%&'*+/=?^`{|}~-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi;

/** `text` with query parameters, key values and email addresses taken out. */
export function redactPersonalData(text: string): string {
  return text.replace(QUERY_PARAMETERS, '$1$2[redacted]').replace(KEY_VALUES, '$1[redacted]$2').replace(EMAIL, '[email]');
}
