import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { claimOutboxEmail, insertOutboxEmails, listSendCandidates, markOutboxEmailSent, recordOutboxEmailError } from './outbox.repository.js';

/** One e-mail to write to the outbox. `to` is one address; `kind` says what produced it. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  kind: string;
}

/** Writes e-mails to the outbox (inside the caller's transaction when `db` is one). Nothing is sent here. */
export async function enqueueEmails(db: Db, emails: OutgoingEmail[]): Promise<void> {
  if (emails.length === 0) return;
  await insertOutboxEmails(db, emails);
}

/** Most attempts before a message is marked 'failed' for good. */
export const MAX_SEND_ATTEMPTS = 5;

/**
 * Delivers pending outbox e-mails over SMTP with nodemailer (ARCHITECTURE.md
 * "e-mail"). Started only when SMTP_URL is set; polls every `pollMs` ms.
 * A message is claimed by bumping `attempts` in one UPDATE … RETURNING, so two
 * instances never send the same attempt; failures are retried up to MAX_SEND_ATTEMPTS.
 */
export class OutboxSender {
  private readonly transporter: Transporter;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    smtpUrl: string,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
    private readonly pollMs = 500,
  ) {
    this.transporter = nodemailer.createTransport(smtpUrl);
  }

  start(): void {
    const tick = () => {
      this.running = this.sendPending()
        .then(() => undefined)
        .catch((error: unknown) => this.log.error({ err: error }, 'outbox: send round failed'))
        .finally(() => {
          this.timer = setTimeout(tick, this.pollMs);
        });
    };
    this.timer = setTimeout(tick, 0);
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    await this.running;
    clearTimeout(this.timer);
    this.transporter.close();
  }

  /** Sends up to 50 pending messages once; answers how many were sent. */
  async sendPending(): Promise<number> {
    const candidates = await listSendCandidates(this.db, MAX_SEND_ATTEMPTS, 50);
    let sent = 0;
    for (const candidate of candidates) {
      const claimed = await claimOutboxEmail(this.db, candidate.id, candidate.attempts);
      if (!claimed) continue; // another instance took it
      try {
        await this.transporter.sendMail({ from: this.from, to: claimed.to, subject: claimed.subject, text: claimed.text });
        await markOutboxEmailSent(this.db, claimed.id, new Date());
        sent++;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const isFinal = claimed.attempts >= MAX_SEND_ATTEMPTS;
        await recordOutboxEmailError(this.db, claimed.id, message, isFinal);
        this.log.warn({ outboxId: claimed.id, err: message }, 'outbox: SMTP send failed');
      }
    }
    return sent;
  }
}
