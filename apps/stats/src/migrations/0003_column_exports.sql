-- The months copied into the column store (decision 0148, columnar/maintenance.ts): one row per month of
-- stats.events the maintenance job exported once it closed, so it is copied once and retention may then drop its
-- partition; `rows_read` from PostgreSQL, `rows_added` to the column store (the rest it held from the live copy).
CREATE TABLE stats.column_exports (
  month text PRIMARY KEY,
  rows_read bigint NOT NULL,
  rows_added bigint NOT NULL,
  exported_at timestamptz NOT NULL DEFAULT now()
);
