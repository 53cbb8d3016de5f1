/** The rows of a raw statement (`db.execute`), as PGlite and node-postgres both answer them. */
export const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
