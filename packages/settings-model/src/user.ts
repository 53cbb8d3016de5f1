import { z } from 'zod';
import { DEFAULT_PLAN } from './constants.ts';
import { emailSchema, hostnameSchema, httpUrlSchema, userNameSchema } from './validation.ts';

export const userMessagesSchema = z.object({
  showTrial: z.boolean().default(false),
  showPaywall: z.boolean().default(false),
  /** Messages allowed this month; null means unlimited (the default). */
  max: z.number().int().nonnegative().nullable().default(null),
  count: z.number().int().nonnegative().default(0),
});
export type UserMessages = z.infer<typeof userMessagesSchema>;

/** What the public user and the account share. */
const publicFields = {
  name: userNameSchema.default('You'),
  avatarUrl: httpUrlSchema.nullable().default(null),
  subscribedStrict: z.boolean().default(false),
  domain: z.string().nullable().default(null),
  inviteCode: z.string().default(''),
  /** Default: the share path of the main app for this user's code (filled by the server). */
  inviteLink: httpUrlSchema.nullable().default(null),
};

/** The signed-in account holder, as GET /account returns it (spec section 3). */
export const userSchema = z.object({
  id: z.number().int().positive(),
  ...publicFields,
  messages: userMessagesSchema.prefault({}),
  plan: z.number().int().nonnegative().default(DEFAULT_PLAN),
  subscribed: z.boolean().default(false),
  email: emailSchema,
  /**
   * Whether the account proved `email` is its own (a link mailed at sign-up). Until it does, the
   * server mails it nothing else and its contact form and collect page are closed.
   */
  emailConfirmed: z.boolean().default(true),
  stripeId: z.string().nullable().default(null),
  subscriptionMessage: z.string().nullable().default(null),
});
export type User = z.infer<typeof userSchema>;

/**
 * What anyone may see of a user. Built by its own field list, never by deleting fields from
 * a private object: email, stripeId, plan, subscribed and subscriptionMessage (spec section 3)
 * do not exist here, nor the account's sequential id (it counts the accounts and names one for
 * guessing) or `messages` (the plan and this month's count), issue 23, finding 17.
 */
export const publicUserSchema = z.object(publicFields);
export type PublicUser = z.infer<typeof publicUserSchema>;

export function toPublicUser(user: User): PublicUser {
  return {
    name: user.name,
    avatarUrl: user.avatarUrl,
    subscribedStrict: user.subscribedStrict,
    domain: user.domain,
    inviteCode: user.inviteCode,
    inviteLink: user.inviteLink,
  };
}

/** POST /account: the fields a user may change about themselves. */
export const accountUpdateSchema = z
  .object({
    name: userNameSchema.optional(),
    avatarUrl: httpUrlSchema.nullable().optional(),
    /**
     * A new address is not taken at once: a confirmation link goes to it, and the account
     * keeps its address until the link is opened. Needs `currentPassword`.
     */
    email: emailSchema.optional(),
    /** The account's password, required to change the email address. */
    currentPassword: z.string().max(200, { error: 'must be at most 200 characters' }).optional(),
    /** The custom domain of new listen links (Pro); null removes it. */
    domain: hostnameSchema.nullable().optional(),
  })
  .strict();
export type AccountUpdate = z.input<typeof accountUpdateSchema>;
