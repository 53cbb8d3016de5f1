// Prints the folder of the migrated PGlite template (made on first use), for test tooling
// that starts the server as a process and cannot import this app's code.
import { pgliteTemplateFolder } from './pglite-template.ts';

process.stdout.write(await pgliteTemplateFolder());
