import { z } from 'zod';

/** Every error the server answers has this body (4xx and 5xx). */
export const errorBodySchema = z.looseObject({ msg: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;
