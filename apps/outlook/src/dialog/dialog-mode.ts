import { z } from 'zod';

const dialogQuerySchema = z.object({
  mode: z.enum(['sign-in', 'record']),
  email: z.email().optional().catch(undefined),
});
export type DialogQuery = z.infer<typeof dialogQuerySchema>;

/** What the taskpane asked this dialog to do, from its query string; null when it makes no sense. */
export function readDialogQuery(search: string): DialogQuery | null {
  const params = new URLSearchParams(search);
  const result = dialogQuerySchema.safeParse({ mode: params.get('mode') ?? undefined, email: params.get('email') ?? undefined });
  return result.success ? result.data : null;
}
