import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { meetsTarget, repoRoot, resultsFile, type StoredResult } from './bench-result.ts';

const format = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(value < 10 ? 2 : 1));

/** The newest result per suite and name, as the BENCHMARKS.md table. */
export function renderReport(results: StoredResult[]): string {
  const newest = new Map<string, StoredResult>();
  for (const result of results) newest.set(`${result.suite}\u0000${result.name}`, result);
  const rows = [...newest.values()].sort((left, right) =>
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
  for (const row of rows) {
    const met = meetsTarget(row);
    const target = row.target ? `${row.target.better === 'lower' ? '≤' : '≥'} ${format(row.target.value)} ${row.unit}` : '';
    lines.push(
      `| ${row.suite} | ${row.name} | ${format(row.value)} ${row.unit} | ${target} | ${met === null ? '' : met ? 'yes' : '**no**'} | ${row.method ?? ''} | ${row.measuredAt.slice(0, 10)}, ${row.machine} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

export async function writeReport(): Promise<string> {
  const text = await readFile(resultsFile, 'utf8').catch(() => '');
  const results = text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as StoredResult);
  const report = renderReport(results);
  await writeFile(join(repoRoot, 'BENCHMARKS.md'), report);
  return report;
}
