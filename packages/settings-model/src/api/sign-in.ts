import { z } from 'zod';
import { credentialsSchema, newPasswordSchema } from '../tokens.ts';

/**
 * Who may create an account on this server (SIGNUP): anyone (`open`), only the administrator
 * or a team invite (`invite`), or no one new (`closed`).
 */
export const SIGNUP_POLICIES = ['open', 'invite', 'closed'] as const;
export const signupPolicySchema = z.enum(SIGNUP_POLICIES);
export type SignupPolicy = z.infer<typeof signupPolicySchema>;

/**
 * Microsoft sign-in as a server offers it: the Entra application (client) id its tokens are
 * issued for. Null when the server has no MICROSOFT_CLIENT_ID (POST /microsoft-auth is 404).
 */
export const microsoftSignInSchema = z.object({ clientId: z.string() }).nullable();
export type MicrosoftSignIn = z.infer<typeof microsoftSignInSchema>;

/** GET /signup-policy: what the login page offers, and whom to ask when it cannot. */
export const signupPolicyResponseSchema = z.object({
  signup: signupPolicySchema,
  /** Whom to ask for an account (SIGNUP_CONTACT), or null: the server's administrator. */
  contact: z.string().nullable(),
  /** Whether POST /microsoft-auth is on: absent (a server older than it) or null means off. */
  microsoft: microsoftSignInSchema.optional(),
});
export type SignupPolicyResponse = z.infer<typeof signupPolicyResponseSchema>;

/** A display name being chosen at sign-up: required here, unlike a later edit that may clear it. */
export const displayNameSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(1, { error: 'is required' })
  .max(100, { error: 'must be at most 100 characters' });

/** POST /signup: creates the account (an existing one signs in with its own password). */
export const signUpRequestSchema = z.object({
  email: credentialsSchema.shape.email,
  password: newPasswordSchema,
  name: displayNameSchema,
});
export type SignUpRequest = z.input<typeof signUpRequestSchema>;

/**
 * POST /microsoft-auth: a Microsoft identity token (an ID token, or the access token Teams'
 * `authentication.getAuthToken()` gives) exchanged for our tokens. Its size bound is generous:
 * an Entra token with many claims is a few kilobytes.
 */
export const microsoftAuthRequestSchema = z.object({
  token: z
    .string({ error: 'is required' })
    .trim()
    .min(1, { error: 'is required' })
    .max(16_384, { error: 'must be at most 16384 characters' }),
});
export type MicrosoftAuthRequest = z.input<typeof microsoftAuthRequestSchema>;

/** POST /password/forgot: always answered alike, whether or not the address has an account. */
export const forgotPasswordRequestSchema = z.object({ email: credentialsSchema.shape.email });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

/** The token of a reset link: what the server generates (32 random bytes, base64url). */
export const resetTokenSchema = z
  .string({ error: 'is required' })
  .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'is not a reset link this server sent' });

/** POST /password/reset/check: whether a reset link can still be used, before a password is typed. */
export const resetTokenCheckSchema = z.object({ token: resetTokenSchema });

/** POST /password/reset: the new password through a reset link. */
export const resetPasswordRequestSchema = z.object({ token: resetTokenSchema, password: newPasswordSchema });
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/** POST /password/change: signed in, with the current password. */
export const changePasswordRequestSchema = z.object({
  currentPassword: credentialsSchema.shape.password,
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** POST /delete: the account's password confirms deleting it. */
export const deleteAccountRequestSchema = z.object({ password: credentialsSchema.shape.password });
export type DeleteAccountRequest = z.input<typeof deleteAccountRequestSchema>;

/** POST /signin's refusal of a wrong password for an address that has an account. */
export const SIGN_IN_FAILED = 'Wrong password for this email address';

/**
 * POST /signin's answer (404) for an address without an account: said plainly, so the sign-in
 * view can offer to create it rather than show an error (docs/decisions/0055).
 */
export const noAccountYet = (email: string) => `No account for ${email} yet`;

/** An answer that is only a message to show (POST /password/forgot). */
export const messageResponseSchema = z.object({ ok: z.boolean(), msg: z.string() });
