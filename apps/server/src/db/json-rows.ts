import { Column, getTableName, sql, type SQL, type Table } from 'drizzle-orm';

/**
 * Rows read inside one statement as JSON (decision 0140: a route's reads combined into one SELECT of
 * json_agg subqueries), and back into the shape a plain `db.select(selection)` answers.
 */
export type JsonSelection = Record<string, Column | SQL>;

/** A column as `"table"."column"` wherever it is interpolated (Drizzle leaves some references unqualified inside raw SQL). */
export function qualified(column: Column): SQL {
  return sql`${sql.identifier(getTableName(column.table as Table))}.${sql.identifier(column.name)}`;
}

/** `json_build_object('key', column, …)` over a selection: one row of it as a JSON object keyed like the selection. */
export function jsonObject(selection: JsonSelection): SQL {
  const pairs = Object.entries(selection).map(
    ([key, value]) => sql`${sql.raw(`'${key.replace(/'/g, "''")}'`)}, ${value instanceof Column ? qualified(value) : value}`,
  );
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/** json columns arrive parsed from node-postgres and PGlite alike; a string (a driver that does not parse) is parsed here. */
export function parsedJson<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/** One JSON object built by `jsonObject(selection)`, mapped as the driver maps a column (timestamps to Date, …); SQL values stay as they came. */
export function fromJsonObject<T>(selection: JsonSelection, object: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(selection)) {
    const raw = object[key] ?? null;
    out[key] = raw !== null && value instanceof Column ? value.mapFromDriverValue(raw) : raw;
  }
  return out as T;
}

/** A json_agg of `jsonObject(selection)` (or a string of it, or null), mapped row by row. */
export function fromJsonRows<T>(selection: JsonSelection, value: unknown): T[] {
  const rows = parsedJson((value ?? []) as Record<string, unknown>[] | string);
  return rows.map((row) => fromJsonObject<T>(selection, row));
}
