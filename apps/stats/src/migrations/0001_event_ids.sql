-- An event's id alone identifies it (issue 25: "an event id dedupes retries"; decision 0147): the partitioned
-- events table can only hold keys that include `ts`, and a sender's clock correction (`sent_at`) may give a
-- retry another `ts`. Ids are kept as long as an event may still arrive (31 days; the retention job trims it).
CREATE TABLE stats.event_ids (
  event_id text PRIMARY KEY,
  ts timestamptz NOT NULL
);
--> statement-breakpoint
CREATE INDEX event_ids_ts_brin ON stats.event_ids USING brin (ts);
