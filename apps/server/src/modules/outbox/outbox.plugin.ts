import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { OutboxSender } from './outbox.service.js';

/** Starts the outbox sender when SMTP_URL is set (stops it on close); without SMTP e-mails stay in the outbox. */
export const outboxPlugin = fp(async (app: FastifyInstance) => {
  const { config, db, log } = app.deps;
  if (!config.smtpUrl) return;
  const sender = new OutboxSender(db, config.smtpUrl, config.mailFrom, log);
  app.addHook('onReady', async () => sender.start());
  app.addHook('onClose', async () => sender.stop());
});
