/** Every table, re-exported for Drizzle and drizzle-kit. */
export * from '../modules/orgs/orgs.table.js';
export * from '../modules/users/users.table.js';
export * from '../modules/courses/courses.table.js';
export * from '../modules/enrolments/enrolments.table.js';
export * from '../modules/uploads/uploads.table.js';
export * from '../modules/uploads/upload-blocks.table.js';
export * from '../modules/progress/progress.table.js';
export * from '../modules/invites/invites.table.js';
export * from '../modules/outbox/outbox.table.js';
export * from '../modules/authcodes/authcodes.table.js';
export * from '../modules/calendar/calendar.table.js';
