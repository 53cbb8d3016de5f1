import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import { JSON_BODY_LIMIT, limitBody } from '../http/body-limit.ts';
import { clientAddress } from '../http/client-address.ts';
import { forbidden } from '../http/http-error.ts';
import { readJson } from '../http/read-input.ts';
import { adminCreateUserSchema, adminSetPlanSchema, type AdminService } from '../services/admin-service.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const sameSecret = (given: string, expected: string) => {
  const left = Buffer.from(given);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * The admin command's way in while the server runs: the embedded database admits one
 * process, so `pnpm admin` asks the server instead of opening it. The token lives in a
 * file only the server's user can read (see admin-handoff.ts).
 */
export function adminRoutes(admin: AdminService, adminToken: string) {
  return new Hono<AppEnv>()
    .use('/admin/*', async (context, next) => {
      // Only from this machine, and only with the token from the data folder.
      if (!LOOPBACK.has(clientAddress(context, false))) throw forbidden('The admin API answers only on this machine');
      if (!sameSecret(context.req.header('x-admin-token') ?? '', adminToken)) {
        throw forbidden('Admin token missing or wrong');
      }
      await next();
    })
    .get('/admin/users', async (context) => context.json({ users: await admin.listUsers() }))
    .post('/admin/users', limitBody(JSON_BODY_LIMIT), async (context) =>
      context.json(await admin.createUser(await readJson(context, adminCreateUserSchema)), 201),
    )
    .post('/admin/users/plan', limitBody(JSON_BODY_LIMIT), async (context) =>
      context.json(await admin.setPlan(await readJson(context, adminSetPlanSchema))),
    );
}
