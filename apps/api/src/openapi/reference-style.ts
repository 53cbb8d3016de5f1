/**
 * The reference page's style: readable type, the system's colours (light and dark), and colours
 * that keep at least 4.5:1 contrast with their background.
 */
export const REFERENCE_STYLE = `
:root { color-scheme: light dark; --text: #1d1d1f; --muted: #55555c; --back: #ffffff; --panel: #f4f4f6; --line: #d6d6dc;
  --link: #0b57b0; --get: #0b6b3a; --post: #0b57b0; --put: #8a4b00; --delete: #b3261e; --head: #55555c; }
@media (prefers-color-scheme: dark) {
  :root { --text: #ececf1; --muted: #b4b4bd; --back: #17171a; --panel: #222227; --line: #3a3a42;
    --link: #8cb8ff; --get: #7fd6a4; --post: #8cb8ff; --put: #f2b86b; --delete: #ff9a8f; --head: #b4b4bd; }
}
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 72rem; padding: 1rem 1.5rem 4rem; font: 16px/1.5 system-ui, sans-serif; color: var(--text); background: var(--back); }
a { color: var(--link); }
a:focus-visible { outline: 3px solid var(--link); outline-offset: 2px; }
.skip { position: absolute; left: -999px; }
.skip:focus { left: 1rem; top: 1rem; background: var(--back); padding: 0.5rem; }
h1 { font-size: 1.8rem; margin-bottom: 0.25rem; }
h2 { font-size: 1.4rem; margin-top: 2.5rem; border-bottom: 2px solid var(--line); padding-bottom: 0.25rem; }
h3 { font-size: 1.1rem; margin: 0 0 0.25rem; overflow-wrap: anywhere; }
h4 { font-size: 0.95rem; margin: 1rem 0 0.25rem; }
.version { font-size: 0.9rem; font-weight: normal; color: var(--muted); }
nav ul { columns: 16rem; padding-left: 1.2rem; }
.operation, .schema { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 1rem; margin: 1rem 0; }
.method { display: inline-block; min-width: 4.5rem; font-family: ui-monospace, monospace; font-weight: bold; }
.method-get { color: var(--get); } .method-post { color: var(--post); } .method-put { color: var(--put); }
.method-delete { color: var(--delete); } .method-head { color: var(--head); }
.summary { margin: 0.25rem 0; }
.security, .constraints, .media { color: var(--muted); }
code { font-family: ui-monospace, monospace; font-size: 0.92em; }
table { border-collapse: collapse; width: 100%; margin: 0.25rem 0; font-size: 0.92rem; }
th, td { text-align: left; vertical-align: top; padding: 0.3rem 0.5rem; border-top: 1px solid var(--line); }
thead th { color: var(--muted); font-weight: normal; }
td table { margin-top: 0.5rem; }
.responses { padding-left: 1.2rem; margin: 0.25rem 0; }
.status { font-family: ui-monospace, monospace; font-weight: bold; }
.type { margin: 0.25rem 0; }
.note { color: var(--muted); font-size: 0.9rem; margin: 0.25rem 0; }
`;
