import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBodySchema,
  MarkNotificationsReadAnswerSchema,
  MarkNotificationsReadBodySchema,
  NotificationListQuerySchema,
  NotificationListSchema,
  NotificationPreferencesSchema,
  PutNotificationPreferencesBodySchema,
  UnreadCountSchema,
} from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import { actorOf } from '../../plugins/auth.js';
import { getPreferences, listNotifications, markNotificationsRead, putPreferences, unreadCount } from './notifications.service.js';
import { hubOf, type StreamConnection } from './notifications.stream.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema };

const StreamQuerySchema = z.object({
  /** For clients that cannot set the Last-Event-ID header: the last notification id they received. */
  last_event_id: z.coerce.number().int().nonnegative().optional(),
});

/** The `Last-Event-ID` header (or `?last_event_id=`) as a notification id; a header that is not one is a 400 naming it. */
function lastEventIdOf(header: string | string[] | undefined, query: number | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value === '') return query;
  if (!/^\d{1,15}$/.test(value.trim())) throw AppError.field('Last-Event-ID', 'Last-Event-ID must be the id of a notification');
  return Number(value.trim());
}

/**
 * Notifications of the signed-in user (issue 17 §1–2; spec §3 Notification, §2 destinations): the
 * list, marking read, the bell's count, preferences and the Server-Sent Events stream. Each user
 * only ever reads and receives their own.
 */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = hubOf(app.deps);
  /** Streams opened through this app (ended before the server closes, which would otherwise wait for them). */
  const streams = new Set<StreamConnection>();
  app.addHook('onReady', async () => hub.start());
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.close();
  });
  app.addHook('onClose', async () => hub.stop());

  app.get('/api/notifications', {
    config: { action: 'self.read' },
    schema: {
      tags: ['notifications'],
      summary: "The user's notifications, newest first (filters: type, a comma list; unread), with the unread count",
      querystring: NotificationListQuerySchema,
      response: { 200: NotificationListSchema, ...errors },
    },
    handler: async (request) => listNotifications(app.deps, actorOf(request), request.query),
  });

  app.put('/api/notifications/read', {
    config: { action: 'self.write' },
    schema: {
      tags: ['notifications'],
      summary: "Mark the user's notifications read: `{ ids }` or `{ all: true }` (locked ones and other users' ids are left alone)",
      body: MarkNotificationsReadBodySchema,
      response: { 200: MarkNotificationsReadAnswerSchema, ...errors },
    },
    handler: async (request) => markNotificationsRead(app.deps, actorOf(request), request.body),
  });

  app.get('/api/notifications/unread-count', {
    config: { action: 'self.read' },
    schema: { tags: ['notifications'], summary: "The user's unread count (the bell's badge)", response: { 200: UnreadCountSchema, ...errors } },
    handler: async (request) => unreadCount(app.deps, actorOf(request)),
  });

  app.get('/api/notifications/preferences', {
    config: { action: 'self.read' },
    schema: {
      tags: ['notifications'],
      summary: "The user's channels (in app; e-mail off, instant or daily) for every notification kind, defaults filled in",
      response: { 200: NotificationPreferencesSchema, ...errors },
    },
    handler: async (request) => getPreferences(app.deps, actorOf(request)),
  });

  app.put('/api/notifications/preferences', {
    config: { action: 'self.write' },
    schema: {
      tags: ['notifications'],
      summary: 'Set the channels of the listed kinds (the others keep theirs); answers every kind',
      body: PutNotificationPreferencesBodySchema,
      response: { 200: NotificationPreferencesSchema, ...errors },
    },
    handler: async (request) => putPreferences(app.deps, actorOf(request), request.body.items),
  });

  app.get('/api/notifications/stream', {
    config: { action: 'self.read' },
    schema: {
      tags: ['notifications'],
      summary:
        'Server-Sent Events: `event: notification` (id: the notification id, data: its JSON), `event: unread` ({unread_count}), `: heartbeat` comments; with Last-Event-ID (or ?last_event_id=) the missed ones first',
      querystring: StreamQuerySchema,
      response: { 200: z.any(), ...errors },
    },
    handler: async (request, reply) => {
      const actor = actorOf(request);
      const lastEventId = lastEventIdOf(request.headers['last-event-id'], request.query.last_event_id);
      reply.hijack();
      let stream: StreamConnection | undefined;
      let isGone = false;
      const gone = () => {
        isGone = true;
        if (!stream) return;
        hub.remove(stream);
        streams.delete(stream);
      };
      reply.raw.on('close', gone);
      try {
        stream = await hub.open(actor.id, reply.raw, lastEventId);
      } catch (error) {
        request.log.error({ err: error }, 'notifications: could not open a stream');
        if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'Content-Type': 'application/json' });
        reply.raw.end(reply.raw.headersSent ? undefined : JSON.stringify({ code: 'INTERNAL', message: 'The stream could not be opened' }));
        return;
      }
      streams.add(stream);
      if (isGone) gone(); // the client left while the stream was opening
    },
  });
};
