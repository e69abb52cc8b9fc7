-- The statistics server's own schema (issue 25 items 1-2; decision 0147). Events are partitioned by month on
-- `ts` (partitions are created as events for a month first arrive, stats.store.ts), with a BRIN index on `ts`
-- (events arrive in time order, so block ranges follow time) and a btree on (course_id, ts) for a course's
-- dashboard; `daily_counts` is the rollup each batch updates in the statement that stores it.
CREATE SCHEMA IF NOT EXISTS stats;
--> statement-breakpoint
CREATE TABLE stats.events (
  ts timestamptz NOT NULL,
  event_id text NOT NULL,
  stream text NOT NULL,
  action text NOT NULL,
  source text NOT NULL,
  org_id integer,
  user_id integer,
  course_id integer,
  activity_id integer,
  url text,
  data jsonb,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event_id, ts)
) PARTITION BY RANGE (ts);
--> statement-breakpoint
CREATE INDEX events_ts_brin ON stats.events USING brin (ts);
--> statement-breakpoint
CREATE INDEX events_course_ts ON stats.events (course_id, ts) WHERE course_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX events_user_ts ON stats.events (user_id, ts) WHERE user_id IS NOT NULL;
--> statement-breakpoint
CREATE TABLE stats.daily_counts (
  day date NOT NULL,
  org_id integer NOT NULL,
  course_id integer NOT NULL,
  stream text NOT NULL,
  action text NOT NULL,
  events bigint NOT NULL,
  PRIMARY KEY (day, org_id, course_id, stream, action)
);
--> statement-breakpoint
CREATE TABLE stats.org_retention (
  org_id integer PRIMARY KEY,
  days integer NOT NULL CHECK (days > 0)
);
