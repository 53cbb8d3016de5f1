/**
 * One digest of everything a test could add to or change in the public schema: tables, indexes
 * and sequences, columns, constraints (a NOT VALID one too), functions and triggers. The test
 * servers' pool of PGlite databases (pglite-pool.ts) hands a database on only while it still has
 * the digest it had when it was migrated.
 */
export const SCHEMA_FINGERPRINT_SQL = `
  select md5(coalesce(string_agg(item, ',' order by item), '')) as digest from (
    select 'class ' || relname || ' ' || relkind::text as item from pg_class where relnamespace = 'public'::regnamespace
    union all
    select 'column ' || attrelid::regclass || '.' || attname || ' ' || atttypid::text || ' ' || attnotnull::text || ' ' || atthasdef::text
      from pg_attribute join pg_class on pg_class.oid = attrelid
      where relnamespace = 'public'::regnamespace and attnum > 0 and not attisdropped
    union all
    select 'constraint ' || conrelid::regclass || '.' || conname || ' ' || convalidated::text from pg_constraint where connamespace = 'public'::regnamespace
    union all
    select 'function ' || proname from pg_proc where pronamespace = 'public'::regnamespace
    union all
    select 'trigger ' || tgrelid::regclass || '.' || tgname || ' ' || tgenabled::text from pg_trigger where not tgisinternal
  ) as items`;

/** The public tables, quoted and comma-separated, for one TRUNCATE. */
export const PUBLIC_TABLES_SQL = `select string_agg(quote_ident(tablename), ', ' order by tablename) as tables from pg_tables where schemaname = 'public'`;
