import { parseArgs } from 'node:util';
import { readHandoff, type AdminHandoff } from './admin-handoff.ts';
import { runBackup, runRestore } from '../backup/backup-command.ts';
import { BackupRefusal } from '../backup/backup-format.ts';
import { openDatabase } from '../db/database.ts';
import { loadConfig, pathFromInvocation } from '../env.ts';
import { HttpError } from '../http/http-error.ts';
import { createAdminService, type AdminUser } from './admin-service.ts';
import { adminCreateCouponSchema, createCouponService, type AdminCoupon } from '../billing/coupon-service.ts';
import { createPlanService } from '../billing/plan-service.ts';
import { isProcessAlive } from '../processes/process-scratch.ts';

const USAGE = `Usage: pnpm admin <command> [options]

Commands:
  users list                                       List every user
  users create --email E --password P [--name N] [--plan free|pro]
                                                   Create a user
  users set-plan --email E --plan free|pro|<n>     Change a user's plan
  coupons list                                     List every local coupon and its redemptions
  coupons create --code C --days N [--plan pro] [--max-redemptions M] [--expires YYYY-MM-DD]
                                                   Create a coupon: N days of the plan for each
                                                   person who redeems it (at /redeem/C)
  coupons disable --code C                         End a coupon now (what it gave runs its course)
  coupons delete --code C                          Remove a coupon
  backup --to FILE                                 Back up the embedded database and local files
                                                   into one file (while the server runs, too)
  restore --from FILE                              Restore a backup into DATA_DIR, which must be
                                                   new or empty

Uses DATA_DIR and DATABASE_URL like the server. While the server runs on the embedded
database, the command asks the server (the database admits one process at a time).`;

type Operation =
  | { kind: 'list' }
  | { kind: 'create'; body: Record<string, string | undefined> }
  | { kind: 'set-plan'; body: Record<string, string | undefined> }
  | { kind: 'coupons list' }
  | { kind: 'coupons create' | 'coupons disable' | 'coupons delete'; body: Record<string, string | undefined> }
  | { kind: 'backup'; to: string }
  | { kind: 'restore'; from: string };
/** What goes through the admin service, on the server or on the database directly. */
type UserOperation = Exclude<Operation, { kind: 'backup' | 'restore' }>;

function parseCommand(argv: string[]): Operation {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      plan: { type: 'string' },
      code: { type: 'string' },
      days: { type: 'string' },
      'max-redemptions': { type: 'string' },
      expires: { type: 'string' },
      to: { type: 'string' },
      from: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [group, command] = positionals;
  if (values.help) throw new UsageError();
  if (group === 'backup' && !command && values.to) return { kind: 'backup', to: pathFromInvocation(values.to) };
  if (group === 'restore' && !command && values.from) return { kind: 'restore', from: pathFromInvocation(values.from) };
  if (group === 'coupons') {
    if (command === 'list') return { kind: 'coupons list' };
    if (command === 'create')
      return {
        kind: 'coupons create',
        body: {
          code: values.code,
          plan: values.plan,
          days: values.days,
          maxRedemptions: values['max-redemptions'],
          expires: values.expires,
        },
      };
    if (command === 'disable' || command === 'delete') return { kind: `coupons ${command}`, body: { code: values.code } };
    throw new UsageError();
  }
  if (group !== 'users') throw new UsageError();
  if (command === 'list') return { kind: 'list' };
  if (command === 'create')
    return { kind: 'create', body: { email: values.email, password: values.password, name: values.name, plan: values.plan } };
  if (command === 'set-plan') return { kind: 'set-plan', body: { email: values.email, plan: values.plan } };
  throw new UsageError();
}

class UsageError extends Error {}

async function runThroughServer(url: string, token: string, operation: UserOperation): Promise<unknown> {
  const paths = {
    list: ['GET', '/api/admin/users'],
    create: ['POST', '/api/admin/users'],
    'set-plan': ['POST', '/api/admin/users/plan'],
    'coupons list': ['GET', '/api/admin/coupons'],
    'coupons create': ['POST', '/api/admin/coupons'],
    'coupons disable': ['POST', '/api/admin/coupons/disable'],
    'coupons delete': ['POST', '/api/admin/coupons/delete'],
  } as const;
  const [method, path] = paths[operation.kind];
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { 'x-admin-token': token, 'content-type': 'application/json' },
    body: 'body' in operation ? JSON.stringify(operation.body) : undefined,
  });
  const body = (await response.json()) as { msg?: string; users?: AdminUser[]; coupons?: AdminCoupon[] };
  if (!response.ok) throw new Error(body.msg ?? `The server answered ${response.status}`);
  if (operation.kind === 'list') return body.users;
  return operation.kind === 'coupons list' ? body.coupons : body;
}

async function runDirectly(operation: UserOperation): Promise<unknown> {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const plans = createPlanService({ db: database.db });
    const admin = createAdminService({ db: database.db, config, plans });
    const coupons = createCouponService({ db: database.db, plans });
    if (operation.kind === 'coupons list') return await coupons.list();
    if (operation.kind === 'coupons create') return await coupons.create(adminCreateCouponSchema.parse(operation.body));
    if (operation.kind === 'coupons disable') return await coupons.disable(operation.body as never);
    if (operation.kind === 'coupons delete') return await coupons.remove(operation.body as never);
    if (operation.kind === 'list') return await admin.listUsers();
    if (operation.kind === 'create') return await admin.createUser(operation.body as never);
    return await admin.setPlan(operation.body as never);
  } finally {
    await database.close();
  }
}

/** What /health answers: up, nothing listening there at all, or no answer in time. */
const askHealth = async (url: string, timeoutMs: number): Promise<'up' | 'refused' | 'silent'> => {
  try {
    return (await fetch(`${url}/health`, { signal: AbortSignal.timeout(timeoutMs) })).ok ? 'up' : 'silent';
  } catch (error) {
    return (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED' ? 'refused' : 'silent';
  }
};

/** How long the command waits for a running but slow server before giving up. */
const SLOW_SERVER_WAIT_MS = 120_000;

/**
 * Whether the server that left server.json runs, so the command goes through it. While its
 * process lives the answer is yes, however slowly it answers (a loaded machine): opening the
 * embedded database beside a live server would corrupt it, which a 2-s health check that
 * timed out once let happen. A live server that never answers is an error to report, not a
 * reason to go round it. A process that is gone (or not on this machine) is asked once, and
 * an address where nothing listens means the file is stale.
 */
async function serverIsUp(handoff: AdminHandoff): Promise<boolean> {
  if (!isProcessAlive(handoff.pid)) return (await askHealth(handoff.url, 2000)) === 'up';
  const deadline = Date.now() + SLOW_SERVER_WAIT_MS;
  while (Date.now() < deadline) {
    const health = await askHealth(handoff.url, 15_000);
    if (health === 'up') return true;
    // Nothing listens at its address: a file left by a killed server whose pid is now another process's.
    if (health === 'refused' || !isProcessAlive(handoff.pid)) return false;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(
    `The server using this data folder (pid ${handoff.pid}) does not answer at ${handoff.url}. Try again, or stop it and run the command again.`,
  );
}

function print(result: unknown) {
  if (Array.isArray(result)) {
    if (result.length === 0) return console.log('Nothing yet.');
    console.table(result as (AdminUser | AdminCoupon)[]);
  } else {
    console.log(JSON.stringify(result, null, 2));
  }
}

try {
  const operation = parseCommand(process.argv.slice(2));
  const config = loadConfig();
  const handoff = await readHandoff(config.dataDir);
  const serverUp = handoff !== null && (await serverIsUp(handoff));
  const result =
    operation.kind === 'backup'
      ? await runBackup({ config, to: operation.to, server: serverUp ? handoff : null })
      : operation.kind === 'restore'
        ? await runRestore({ config, from: operation.from })
        : serverUp && handoff
          ? await runThroughServer(handoff.url, handoff.adminToken, operation)
          : await runDirectly(operation);
  print(result);
} catch (error) {
  if (error instanceof BackupRefusal) {
    console.error(`Error: ${error.message}`);
  } else if (error instanceof UsageError || (error instanceof Error && error.name === 'TypeError' && 'code' in error)) {
    console.error(USAGE);
  } else if (error instanceof HttpError || error instanceof Error) {
    console.error(`Error: ${'issues' in error ? describeIssues(error) : error.message}`);
  }
  process.exitCode = 1;
}

function describeIssues(error: Error): string {
  const issues = (error as unknown as { issues: { path: PropertyKey[]; message: string }[] }).issues;
  return issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
}
