import { z } from 'zod';
import { isoDateTimeSchema, uuidSchema } from '../validation.ts';

/** Every personal API token begins so: a secret scanner (or a person) can tell one when it leaks. */
export const API_TOKEN_PREFIX = 'vocal_pat_';
/** How many live tokens one account may hold. */
export const MAX_API_TOKENS = 50;

/** `read`: GET (and HEAD) only; `write`: everything a signed-in person may do, but see the API's token rules. */
export const API_TOKEN_SCOPES = ['read', 'write'] as const;
export const apiTokenScopeSchema = z.enum(API_TOKEN_SCOPES, { error: 'must be read or write' });
export type ApiTokenScope = z.infer<typeof apiTokenScopeSchema>;

/** POST tokens: a name to know it by, and what it may do. */
export const apiTokenRequestSchema = z
  .object({
    name: z
      .string({ error: 'must be text' })
      .trim()
      .min(1, { error: 'Give the token a name, such as the script that will use it' })
      .max(100, { error: 'must be at most 100 characters' }),
    scope: apiTokenScopeSchema,
  })
  .strict();
export type ApiTokenRequest = z.input<typeof apiTokenRequestSchema>;

/** A token as GET tokens lists it: never the token itself, which only its creation answers. */
export const apiTokenSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  scope: apiTokenScopeSchema,
  createdAt: isoDateTimeSchema,
  /** Null: never used yet. */
  lastUsedAt: isoDateTimeSchema.nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** POST tokens' answer (201): the only time the token is shown. */
export const createdApiTokenSchema = apiTokenSchema.extend({
  token: z.string().startsWith(API_TOKEN_PREFIX),
});
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

export const apiTokenListSchema = z.object({ tokens: z.array(apiTokenSchema) });
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;

export const apiTokenParamsSchema = z.object({ id: uuidSchema });
