import type { Context } from 'hono';
import type { z } from 'zod';
import { badRequest, describeZodError, notFound, unsupportedMediaType } from './http-error.ts';
import { cleanText } from './text-safety.ts';

/**
 * The JSON body parsed by `schema`, or 400 saying what is wrong. A body must say it is JSON:
 * text/plain, form and untyped bodies are what another website can make a browser send
 * without asking (no CORS preflight), so they are refused with 415 before anything is read.
 * An empty, untyped body stands for `{}`.
 */
export async function readJson<Schema extends z.ZodType>(context: Context, schema: Schema): Promise<z.output<Schema>> {
  const type = context.req.header('content-type') ?? '';
  const typedAsJson = /^application\/([\w.+-]*\+)?json\s*(;|$)/i.test(type);
  if (type && !typedAsJson) throw unsupportedMediaType('The body must be JSON (Content-Type: application/json)');
  const text = await context.req.text();
  if (text.trim() !== '' && !typedAsJson) throw unsupportedMediaType('The body must be JSON (Content-Type: application/json)');
  let body: unknown = {};
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      throw badRequest('The body is not valid JSON');
    }
  }
  return parseWith(schema, body, 'body');
}

/** The query string parsed by `schema`. */
export function readQuery<Schema extends z.ZodType>(context: Context, schema: Schema): z.output<Schema> {
  return parseWith(schema, context.req.query(), 'query');
}

/**
 * The path parameters parsed by `schema`. A malformed id names nothing that exists, so it is
 * answered like an unknown one: 404 with `notFoundMessage`.
 */
export function readParams<Schema extends z.ZodType>(context: Context, schema: Schema, notFoundMessage: string): z.output<Schema> {
  const result = schema.safeParse(context.req.param());
  if (!result.success) throw notFound(notFoundMessage);
  return result.data;
}

/**
 * `value` parsed by `schema`, or 400. Every string in it is cleaned first (text-safety.ts), so
 * no field can carry a NUL byte to the database or invisible controls to a page or a mail.
 */
export function parseWith<Schema extends z.ZodType>(schema: Schema, value: unknown, where: string): z.output<Schema> {
  const result = schema.safeParse(cleanText(value, where === 'body' ? undefined : where));
  if (!result.success) {
    const prefix = where === 'body' ? undefined : where;
    throw badRequest(describeZodError(result.error, prefix));
  }
  return result.data;
}
