import { writeReport } from './write-report.ts';

process.stdout.write(await writeReport());
