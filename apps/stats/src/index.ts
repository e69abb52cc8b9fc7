/**
 * The statistics server (issue 25; spec §1 "a separate statistics server"): ingestion of the four tracking
 * streams into its own schema, run inside the main server by default (embedded) or on its own (main.ts).
 */
export { statsRoutes, type StatsRoutesOptions } from './routes.js';
export {
  COURSE_DAYS_PATH,
  COURSE_USERS_PATH,
  CourseDaysAnswerSchema,
  CourseUsersAnswerSchema,
  type CourseDaysAnswer,
  type CourseDaysBody,
  type CourseUsersAnswer,
  type CourseUsersBody,
} from './query-routes.js';
export { ingest, type IngestDeps, type InvalidField } from './ingest.js';
export { runStatsMigrations, statsMigrationsFolder } from './migrate.js';
export { statementOf, statementProblems, XAPI_VERBS, type EventForStatement } from './xapi.js';
export { sendToLrs } from './lrs.js';
export {
  applyRetention,
  findOrgRetention,
  setOrgRetention,
  STATS_MIN_RETENTION_DAYS,
  courseEventsForStatements,
  courseDays,
  courseUserActivity,
  courseUserDays,
  dailyCounts,
  ensurePartitions,
  insertEvents,
  partitionOf,
  type CourseDayCount,
  type CourseUserActivity,
  type Reporter,
  type StatsDb,
  type StoredEventInput,
} from './store.js';
export { orgEventsPage, teachingActionCounts, type OrgEventRow, type TeachingActionCount } from './store.js';
export {
  REPORTER_TOKEN_TTL_MS,
  SERVER_TOKEN_TTL_MS,
  STATS_SECRET_MIN_LENGTH,
  signReporterToken,
  verifyReporterToken,
  type TokenProblem,
  type TokenReporter,
  postAsServer,
} from './reporter-token.js';
