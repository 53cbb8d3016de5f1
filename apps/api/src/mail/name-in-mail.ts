/** U+2024 ONE DOT LEADER: reads as a full stop, and no mail client takes it for a domain's dot. */
const DOT_LEADER = '\u2024';

/**
 * A person's name as a mail shows it: as a name, never as a link (issue 23, finding 5). Anyone
 * can call themselves "Click https://evil.example/login to verify", and mail clients turn text
 * that looks like an address into a link. A scheme's `://` gets a space, and a dot with a
 * character on each side becomes a one-dot leader, so nothing in a name reads as a host; a name
 * without such things is unchanged.
 */
export function nameInMail(name: string): string {
  return name.replace(/([a-z][a-z0-9+.-]*):\/\//gi, '$1: //').replace(/(?<=\S)\.(?=\S)/g, DOT_LEADER);
}
