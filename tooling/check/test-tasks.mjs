// Phase 3 of `pnpm check` (check.sh): the test task of every workspace package but those named
// with --except, at most --slots at a time, the longest first (longest-tests-first.json) and then
// the rest in turbo's order. Turbo's own scheduler takes no order: run with --concurrency, it
// started the host apps' browser suites in a different order each time, and a long one started
// last left a tail of minutes with one core idle (decision 0082). Each task is its own
// `turbo run test --only`, so its output keeps turbo's prefix and timed-shell.sh still times it.
// Exits 1 when any task failed; every task runs whatever fails.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { slots: { type: 'string', default: '3' }, except: { type: 'string', multiple: true, default: [] } },
});
const slots = Number(values.slots);
// A count that is not one (`--slots=x`) would start nothing and pass: refused instead.
if (!Number.isInteger(slots) || slots < 1) throw new Error(`--slots must be a whole number of at least 1, not ${values.slots}`);
const root = fileURLToPath(new URL('../..', import.meta.url));
const turbo = join(root, 'node_modules', '.bin', 'turbo');

/** Every workspace package with a `test` script, as turbo lists them. */
function testedPackages() {
  const listed = JSON.parse(execFileSync(turbo, ['ls', '--output=json'], { cwd: root, encoding: 'utf8' }));
  return listed.packages.items.filter((item) => JSON.parse(readFileSync(join(root, item.path, 'package.json'), 'utf8')).scripts?.test);
}

const { order } = JSON.parse(readFileSync(new URL('./longest-tests-first.json', import.meta.url), 'utf8'));
const rank = (name) => (order.includes(name) ? order.indexOf(name) : order.length);
const queue = testedPackages()
  .map((item) => item.name)
  .filter((name) => !values.except.includes(name))
  .sort((a, b) => rank(a) - rank(b));

let failed = false;
const runNext = () => {
  const name = queue.shift();
  if (!name) return Promise.resolve();
  return new Promise((resolve) => {
    const task = spawn(turbo, ['run', 'test', '--only', `--filter=${name}`], { cwd: root, stdio: 'inherit' });
    task.on('error', (error) => {
      failed = true;
      console.error(`test-tasks: ${name}#test did not start: ${error.message}`);
      resolve();
    });
    task.on('exit', (code) => {
      if (code !== 0) {
        failed = true;
        console.error(`test-tasks: ${name}#test failed (exit ${code})`);
      }
      resolve();
    });
  }).then(runNext);
};
await Promise.all(Array.from({ length: slots }, runNext));
process.exit(failed ? 1 : 0);
