import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { meetsTarget, repoRoot, resultsFile, type StoredResult } from './bench-result.ts';

const format = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(value < 10 ? 2 : 1));

type ReportRow = { suite: string; name: string; line: string };

const rowKey = (row: { suite: string; name: string }) => `${row.suite}\u0000${row.name}`;

/**
 * The rows of an earlier BENCHMARKS.md. Results live in the machine's own `.bench/` folder, so a
 * machine that ran only some benchmarks must not drop the others' last known figures.
 */
export function previousRows(report: string): ReportRow[] {
  return report
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| suite |'))
    .map((line) => {
      const [suite = '', name = ''] = line.slice(2).split(' | ');
      return { suite, name, line };
    })
    .filter((row) => row.suite !== '' && row.name !== '');
}

/**
 * The newest result per suite and name, as the BENCHMARKS.md table; benchmarks with no result
 * here keep their row from `previousReport`, with the date they were measured.
 */
export function renderReport(results: StoredResult[], previousReport = ''): string {
  const newest = new Map<string, StoredResult>();
  for (const result of results) newest.set(rowKey(result), result);
  const rows = new Map<string, ReportRow>(previousRows(previousReport).map((row) => [rowKey(row), row]));
  for (const row of newest.values()) rows.set(rowKey(row), { suite: row.suite, name: row.name, line: renderRow(row) });
  const sorted = [...rows.values()].sort((left, right) =>
    left.suite === right.suite ? left.name.localeCompare(right.name) : left.suite.localeCompare(right.suite),
  );
  const lines = [
    '# Benchmarks',
    '',
    'Written by `pnpm bench` (each package measures, `tooling/bench` writes this file). Targets come from the issues. The machines are shared and noisy: read a number as a level, not to the last digit. Nothing here is asserted in tests.',
    '',
    '| suite | benchmark | result | target | met | how | measured |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const row of sorted) lines.push(row.line);
  return `${lines.join('\n')}\n`;
}

function renderRow(row: StoredResult): string {
  const met = meetsTarget(row);
  const target = row.target ? `${row.target.better === 'lower' ? '≤' : '≥'} ${format(row.target.value)} ${row.unit}` : '';
  return `| ${row.suite} | ${row.name} | ${format(row.value)} ${row.unit} | ${target} | ${met === null ? '' : met ? 'yes' : '**no**'} | ${row.method ?? ''} | ${row.measuredAt.slice(0, 10)}, ${row.machine} |`;
}

export async function writeReport(): Promise<string> {
  const text = await readFile(resultsFile, 'utf8').catch(() => '');
  const results = text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as StoredResult);
  const reportPath = join(repoRoot, 'BENCHMARKS.md');
  const report = renderReport(results, await readFile(reportPath, 'utf8').catch(() => ''));
  await writeFile(reportPath, report);
  return report;
}
