-- Learning statistics (issue 25 item 3; decision 0147 "Learning statistics"): a second rollup beside daily_counts,
-- per course, UTC day and user — that user's events in the course that day, and the instant of the latest — grown
-- by the statement that stores a batch (store.ts insertEvents), so a course dashboard's active students and a
-- student's days read no event. Only events with both a user and a course. `org_id` is the reporter's organisation
-- (0 for none), as on the events, so retention removes an organisation's rows by its own days.
CREATE TABLE stats.daily_users (
  day date NOT NULL,
  course_id integer NOT NULL,
  user_id integer NOT NULL,
  org_id integer NOT NULL DEFAULT 0,
  events integer NOT NULL,
  last_at timestamptz NOT NULL,
  PRIMARY KEY (course_id, day, user_id)
);
--> statement-breakpoint
CREATE INDEX daily_users_course_user ON stats.daily_users (course_id, user_id, day);
--> statement-breakpoint
CREATE INDEX daily_users_day_brin ON stats.daily_users USING brin (day);
--> statement-breakpoint
-- A course's days of daily_counts (its primary key starts with the day: a period would read every course's rows).
CREATE INDEX daily_counts_course_day ON stats.daily_counts (course_id, day);
--> statement-breakpoint
-- The events stored before this rollup existed.
INSERT INTO stats.daily_users (day, course_id, user_id, org_id, events, last_at)
SELECT (ts AT TIME ZONE 'UTC')::date, course_id, user_id, max(coalesce(org_id, 0)), count(*), max(ts)
FROM stats.events
WHERE user_id IS NOT NULL AND course_id IS NOT NULL
GROUP BY 1, 2, 3;
