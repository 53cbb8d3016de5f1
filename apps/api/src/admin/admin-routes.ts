import { Readable } from 'node:stream';
import { Hono } from 'hono';
import type { BackupSource } from '../backup/backup-source.ts';
import type { AppEnv } from '../http/app-env.ts';
import { clientAddress } from '../http/client-address.ts';
import { equalText } from '../common/equal-text.ts';
import { forbidden, notFound } from '../http/http-error.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { readJson } from '../http/read-input.ts';
import { adminCreateUserSchema, adminSetPlanSchema, type AdminService } from './admin-service.ts';
import { adminCouponCodeSchema, adminCreateCouponSchema, type CouponService } from '../billing/coupon-service.ts';
import { described } from '../openapi/described.ts';
import { TAGS, type RouteDescription } from '../openapi/route-description.ts';
import { adminCouponSchema } from '../openapi/description-parts.ts';
import { z } from 'zod';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** A call on one coupon, named by its code in the body, that answers the coupon. */
const oneCoupon = (summary: string, answer: string): RouteDescription => ({
  tag: TAGS.admin,
  summary,
  access: 'admin',
  body: { json: adminCouponCodeSchema },
  answers: { 200: { description: answer, json: adminCouponSchema } },
  refusals: { 404: 'No coupon has this code' },
});

/**
 * The admin command's way in while the server runs: the embedded database admits one
 * process, so `pnpm admin` asks the server instead of opening it. The token lives in a
 * file only the server's user can read (see admin-handoff.ts).
 */
export function adminRoutes(
  admin: AdminService,
  adminToken: string,
  queue: Pick<JobQueue, 'find'>,
  backup: BackupSource,
  coupons: CouponService,
) {
  return (
    new Hono<AppEnv>()
      .use('/admin/*', async (context, next) => {
        // Only from this machine, and only with the token from the data folder.
        if (!LOOPBACK.has(clientAddress(context, false))) throw forbidden('The admin API answers only on this machine');
        if (!equalText(context.req.header('x-admin-token') ?? '', adminToken)) {
          throw forbidden('Admin token missing or wrong');
        }
        await next();
      })
      .get(
        '/admin/users',
        described({
          tag: TAGS.admin,
          summary: 'Every user',
          access: 'admin',
          answers: { 200: { description: 'The users', json: 'AdminUsers' } },
        }),
        async (context) => context.json({ users: await admin.listUsers() }),
      )
      .post(
        '/admin/users',
        described({
          tag: TAGS.admin,
          summary: 'Create a user',
          access: 'admin',
          body: { json: 'AdminCreateUser' },
          answers: { 201: { description: 'Created', json: 'AdminUser' } },
          refusals: { 409: 'The address has an account' },
        }),
        async (context) => context.json(await admin.createUser(await readJson(context, adminCreateUserSchema)), 201),
      )
      .post(
        '/admin/users/plan',
        described({
          tag: TAGS.admin,
          summary: "Set a user's plan",
          access: 'admin',
          body: { json: 'AdminSetPlan' },
          answers: { 200: { description: 'The user', json: 'AdminUser' } },
          refusals: { 404: 'No user has this address' },
        }),
        async (context) => context.json(await admin.setPlan(await readJson(context, adminSetPlanSchema))),
      )
      // `pnpm admin coupons ...`: local coupons, for a server with or without billing.
      .get(
        '/admin/coupons',
        described({
          tag: TAGS.admin,
          summary: 'Every local coupon and how often it was redeemed (pnpm admin coupons list)',
          access: 'admin',
          answers: { 200: { description: 'The coupons', json: z.object({ coupons: z.array(adminCouponSchema) }) } },
        }),
        async (context) => context.json({ coupons: await coupons.list() }),
      )
      .post(
        '/admin/coupons',
        described({
          tag: TAGS.admin,
          summary: 'Create a local coupon (pnpm admin coupons create)',
          access: 'admin',
          body: { json: adminCreateCouponSchema },
          answers: { 201: { description: 'The coupon', json: adminCouponSchema } },
          refusals: { 409: 'A coupon with this code exists' },
        }),
        async (context) => context.json(await coupons.create(await readJson(context, adminCreateCouponSchema)), 201),
      )
      .post(
        '/admin/coupons/disable',
        described(oneCoupon('End a coupon now (pnpm admin coupons disable); what it gave runs its course', 'The coupon')),
        async (context) => context.json(await coupons.disable(await readJson(context, adminCouponCodeSchema))),
      )
      .post(
        '/admin/coupons/delete',
        described(
          oneCoupon('Remove a coupon (pnpm admin coupons delete); its redemptions keep their plan until their end', 'The coupon as it was'),
        ),
        async (context) => context.json(await coupons.remove(await readJson(context, adminCouponCodeSchema))),
      )
      // `pnpm admin backup`: a snapshot of the embedded database and the local files, as a tar.
      .get(
        '/admin/backup',
        described({
          tag: TAGS.admin,
          summary: 'A consistent snapshot of the embedded database and the local files (pnpm admin backup)',
          access: 'admin',
          answers: { 200: { description: 'The backup, as a tar', media: 'application/x-tar' } },
        }),
        async () => {
          const tar = await backup();
          return new Response(Readable.toWeb(tar) as ReadableStream, {
            headers: { 'content-type': 'application/x-tar', 'content-disposition': 'attachment; filename="vocal-backup.tar"' },
          });
        },
      )
      // One job's state by its key (e.g. reencode:{id}), for an operator looking into a stuck one.
      .get(
        '/admin/jobs/:key',
        described({
          tag: TAGS.admin,
          summary: "One job's state by its key (e.g. reencode:{id})",
          access: 'admin',
          pathParameters: { key: 'The job key, URL-encoded.' },
          answers: { 200: { description: 'The job', json: 'AdminJob' } },
          refusals: { 404: 'No job has this key' },
        }),
        async (context) => {
          const job = await queue.find(context.req.param('key'));
          if (!job) throw notFound('No job has this key');
          return context.json({
            key: job.key,
            kind: job.kind,
            state: job.state,
            attempts: job.attempts,
            lastError: job.lastError,
            leasedBy: job.leasedBy,
          });
        },
      )
  );
}
