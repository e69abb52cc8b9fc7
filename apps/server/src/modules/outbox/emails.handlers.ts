import { defineHandler, type DomainEvent } from '../events/events.service.js';
import { memberEmailsOf } from '../enrolments/enrolments.repository.js';
import { localesByEmail } from '../users/users.repository.js';
import { EMAIL_CATALOGS, emailText, type EmailTextKey } from '../../lib/i18n/server-messages.js';
import { enqueueEmails, type OutgoingEmail } from './outbox.service.js';
import type { Locale } from '@atrium/contracts';

type Emailed =
  'invite.sent' | 'auth_code.issued' | 'course.outline_announced' | 'timetable.notice_requested' | 'email_verification.requested' | 'mobile_code.issued';

/** The language e-mails to an address are written in: the recipient's chosen one, or null (the source English). */
export type LocaleOfAddress = (address: string) => Locale | null;

/**
 * The e-mails an event asks for, each in its recipient's language (issue 23 §2; texts in
 * lib/i18n/emails/<lang>.json). `publicUrl` is the site's origin (PUBLIC_URL); `memberEmails` the
 * course members' addresses (used by timetable notices only); `localeOf` the language of an address.
 */
export function emailsOf(event: DomainEvent<Emailed>, publicUrl: string, memberEmails: string[] = [], localeOf: LocaleOfAddress = () => null): OutgoingEmail[] {
  switch (event.type) {
    case 'invite.sent': {
      const p = event.payload;
      const locale = localeOf(p.invitee.email);
      const roleKey = `role.${p.role}`;
      const role = isEmailTextKey(roleKey) ? emailText(locale, roleKey) : p.role.replace('_', ' ');
      const values = { name: p.invitee.name, inviter: p.inviter.name, course: p.course_title, role, url: `${publicUrl}/user/index?invite_id=${p.invite_id}` };
      return [{ to: p.invitee.email, kind: 'invite', subject: emailText(locale, 'invite.subject', values), text: emailText(locale, 'invite.text', values) }];
    }
    case 'auth_code.issued': {
      const p = event.payload;
      const locale = localeOf(p.email);
      const values = { name: p.name, code: p.code };
      return [{ to: p.email, kind: 'auth_code', subject: emailText(locale, 'auth_code.subject', values), text: emailText(locale, 'auth_code.text', values) }];
    }
    case 'course.outline_announced': {
      const p = event.payload;
      return p.recipients.map((r) => {
        const locale = localeOf(r.email);
        const values = { name: r.name, course: p.course_title, url: `${publicUrl}/course/${p.course_id}/outline` };
        return { to: r.email, kind: 'outline_notify', subject: emailText(locale, 'outline.subject', values), text: emailText(locale, 'outline.text', values) };
      });
    }
    case 'timetable.notice_requested': {
      // The notice's text is the instructor's own; its subject is in each member's language.
      const p = event.payload;
      return memberEmails.map((to) => ({
        to,
        subject: emailText(localeOf(to), 'timetable.subject', { course: p.course_name }),
        text: p.text,
        kind: 'timetable-notification',
      }));
    }
    case 'email_verification.requested': {
      const p = event.payload;
      const locale = localeOf(p.email);
      const signUp = p.purpose === 'org_sign_up';
      return [
        {
          to: p.email,
          kind: signUp ? 'org_sign_up_verification' : 'email_verification',
          subject: emailText(locale, 'verification.subject'),
          text: emailText(locale, signUp ? 'verification.text_sign_up' : 'verification.text_address', { name: p.name, url: p.url }),
        },
      ];
    }
    case 'mobile_code.issued': {
      // The default SMS channel (decision 0102): an 'sms' row addressed to the number, which the SMTP sender leaves alone.
      const p = event.payload;
      return [{ to: p.mobile_phone, kind: 'sms', subject: 'SMS', text: emailText(null, 'sms.binding_code', { code: p.code }) }];
    }
  }
}

function isEmailTextKey(key: string): key is EmailTextKey {
  return key in EMAIL_CATALOGS['en-gb'];
}

/** The addresses an event's e-mails go to (to look their languages up in one statement). */
function addressesOf(event: DomainEvent<Emailed>, memberEmails: string[]): string[] {
  switch (event.type) {
    case 'invite.sent':
      return [event.payload.invitee.email];
    case 'auth_code.issued':
    case 'email_verification.requested':
      return [event.payload.email];
    case 'course.outline_announced':
      return event.payload.recipients.map((r) => r.email);
    case 'timetable.notice_requested':
      return memberEmails;
    case 'mobile_code.issued':
      return [];
  }
}

/**
 * Writes the e-mails of invites, auth codes, outline announcements and timetable notices (to the
 * course's members at handling time) to the outbox, in the
 * handler's transaction: the handling record commits with them, so they are written once.
 */
export const emailsHandler = defineHandler({
  name: 'outbox.emails',
  types: ['invite.sent', 'auth_code.issued', 'course.outline_announced', 'timetable.notice_requested', 'email_verification.requested', 'mobile_code.issued'],
  async handle(event, { deps, db }) {
    const members = event.type === 'timetable.notice_requested' ? await memberEmailsOf(db, event.payload.course_id) : [];
    const locales = await localesByEmail(db, addressesOf(event, members));
    await enqueueEmails(
      db,
      emailsOf(event, deps.config.publicUrl, members, (address) => locales.get(address.toLowerCase()) ?? null),
    );
  },
});
