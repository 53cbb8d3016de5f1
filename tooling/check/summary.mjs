// Prints where `pnpm check`'s time went: each phase, each turbo task (wall time and the CPU time
// of all its processes), and the slowest test files of the whole run, so the next person to make
// the check faster starts from data. Reads what check.sh, timed-shell.sh and the Vitest JSON
// reports (tooling/vitest/check-report.js) left in the folder given as the only argument.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const folder = process.argv[2];
if (!folder) throw new Error('usage: node summary.mjs <report folder>');

const lines = (file) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []);
const minutes = (seconds) => `${Math.floor(seconds / 60)} min ${String(Math.round(seconds % 60)).padStart(2, '0')} s`;
/** bash's `times` writes "1m2.500s". */
const bashSeconds = (text) => {
  const match = /^(\d+)m([\d.]+)s$/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : 0;
};

const phases = lines(join(folder, 'phases.tsv')).map((line) => {
  const [name, start, end, status] = line.split('\t');
  return { name, seconds: Number(end) - Number(start), status };
});
const tasks = lines(join(folder, 'tasks.tsv')).map((line) => {
  const [suite, script, start, end, children, status] = line.split('\t');
  const [user, system] = children.split(' ').map(bashSeconds);
  return { task: `${suite}#${script}`, start: Number(start), seconds: Number(end) - Number(start), cpu: user + system, status };
});

const files = [];
/** Each failed test with its error, printed last: a log cut to its tail still says what failed. */
const failures = [];
const reports = join(folder, 'vitest');
for (const name of existsSync(reports) ? readdirSync(reports) : []) {
  if (!name.endsWith('.json')) continue;
  try {
    const report = JSON.parse(readFileSync(join(reports, name), 'utf8'));
    for (const result of report.testResults ?? []) {
      files.push({ file: relative(process.cwd(), result.name), seconds: (result.endTime - result.startTime) / 1000, status: result.status });
      for (const assertion of result.assertionResults ?? []) {
        if (assertion.status === 'failed') failures.push({ file: relative(process.cwd(), result.name), name: assertion.fullName, messages: assertion.failureMessages ?? [] });
      }
      // A file that failed outside its tests (a hook, an import) names no failed test.
      if (result.status === 'failed' && !(result.assertionResults ?? []).some((assertion) => assertion.status === 'failed')) {
        failures.push({ file: relative(process.cwd(), result.name), name: '(the file itself: a hook or an import)', messages: [result.message ?? ''] });
      }
    }
  } catch {
    // A run that was cut off leaves no report or half of one: the task line above still counts.
  }
}

const out = ['', 'Where the time went (tooling/check/summary.mjs)'];
const firstStart = Math.min(...tasks.map((task) => task.start));
for (const phase of phases) out.push(`  ${phase.name.padEnd(44)} ${minutes(phase.seconds).padStart(12)}${phase.status === '0' ? '' : '  (failed)'}`);
const total = phases.reduce((sum, phase) => sum + phase.seconds, 0);
const cpu = tasks.reduce((sum, task) => sum + task.cpu, 0);
out.push(`  ${'in all'.padEnd(44)} ${minutes(total).padStart(12)}   ${Math.round(cpu)} CPU-s in tasks`);
out.push('', `  ${'task'.padEnd(36)} ${'started'.padStart(8)} ${'wall'.padStart(12)} ${'CPU-s'.padStart(7)}`);
for (const task of [...tasks].sort((a, b) => b.seconds - a.seconds)) {
  const started = `+${Math.round(task.start - firstStart)} s`;
  out.push(
    `  ${task.task.padEnd(36)} ${started.padStart(8)} ${minutes(task.seconds).padStart(12)} ${String(Math.round(task.cpu)).padStart(7)}${task.status === '0' ? '' : '  (failed)'}`,
  );
}
if (files.length > 0) {
  out.push('', '  slowest test files:');
  for (const file of [...files].sort((a, b) => b.seconds - a.seconds).slice(0, 15)) {
    out.push(`    ${minutes(file.seconds).padStart(12)}  ${file.file}${file.status === 'passed' ? '' : `  (${file.status})`}`);
  }
}
// Each test file's CPU (tooling/vitest/file-cpu.js): its worker's and that of the processes it
// started (browsers, servers). A task's CPU beyond its files' is its runner's and what it shares
// between files (a browser suite's shared product server).
const fileCpu = lines(join(reports, 'file-cpu.tsv')).map((line) => {
  const [suite, file, cpuSeconds, wallSeconds] = line.split('\t');
  return { suite, file, cpu: Number(cpuSeconds), wall: Number(wallSeconds) };
});
if (fileCpu.length > 0) {
  out.push('', `  CPU by test file (${Math.round(fileCpu.reduce((sum, each) => sum + each.cpu, 0))} CPU-s in ${fileCpu.length} files; its processes included):`);
  const bySuite = new Map();
  for (const each of fileCpu) bySuite.set(each.suite, (bySuite.get(each.suite) ?? 0) + each.cpu);
  for (const [suite, cpuSeconds] of [...bySuite].sort((a, b) => b[1] - a[1])) {
    out.push(`    ${String(Math.round(cpuSeconds)).padStart(6)} CPU-s  ${suite}`);
  }
  out.push('', '  costliest test files (CPU-s, wall):');
  for (const each of [...fileCpu].sort((a, b) => b.cpu - a.cpu).slice(0, 20)) {
    out.push(`    ${String(Math.round(each.cpu)).padStart(6)} ${minutes(each.wall).padStart(12)}  ${each.suite} ${each.file}`);
  }
}
if (failures.length > 0) {
  // eslint-disable-next-line no-control-regex -- the reports keep the terminal's colour codes
  const plain = (text) => text.replace(/\u001b\[[0-9;]*m/g, '');
  out.push('', `  failed tests (${failures.length}; the first ${Math.min(failures.length, 8)} with their errors):`);
  for (const failure of failures.slice(0, 8)) {
    out.push(`    ${failure.file}: ${failure.name}`);
    const message = plain(failure.messages.join('\n')).split('\n').filter((line) => line.trim()).slice(0, 12);
    for (const line of message) out.push(`      ${line.slice(0, 300)}`);
  }
}
console.log(out.join('\n'));
