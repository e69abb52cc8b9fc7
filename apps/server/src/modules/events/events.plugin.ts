import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { calendarCacheHandler } from '../calendar/calendar-cache.handlers.js';
import { forumCacheHandler } from '../forum/forum-cache.handlers.js';
import { libraryCacheHandler } from '../library/library-cache.handlers.js';
import { emailsHandler } from '../outbox/emails.handlers.js';
import { completenessHandler } from '../progress/completeness.handlers.js';
import { submissionCompletionHandler } from '../progress/submission-completion.handlers.js';
import { examScoresPublicationHandler } from '../exams/exams.handlers.js';
import { certificatesHandler, gradebookHandler } from '../gradebook/gradebook.handlers.js';
import { notificationsHandler } from '../notifications/notifications.handlers.js';
import { statsForwardHandler } from '../stats/stats.handlers.js';
import { eventBusOf } from './events.service.js';

/** Every handler of the domain events (decision 0081); a module adds its handlers here. */
export const EVENT_HANDLERS = [
  completenessHandler,
  submissionCompletionHandler,
  calendarCacheHandler,
  forumCacheHandler,
  libraryCacheHandler,
  emailsHandler,
  gradebookHandler,
  examScoresPublicationHandler,
  certificatesHandler,
  notificationsHandler,
  statsForwardHandler,
];

/**
 * Creates the instance's event bus with the app's deps and its handlers (so events emitted while
 * building, e.g. by the seed, are handled), starts its sweeper and, on PostgreSQL, its LISTEN when
 * the app is ready, and stops them on close.
 */
export const eventsPlugin = fp(async (app: FastifyInstance) => {
  const bus = eventBusOf(app.deps);
  for (const handler of EVENT_HANDLERS) bus.on(handler);
  app.addHook('onReady', async () => bus.start());
  app.addHook('onClose', async () => bus.stop());
});
