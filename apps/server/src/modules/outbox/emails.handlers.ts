import { defineHandler, type DomainEvent } from '../events/events.service.js';
import { memberEmailsOf } from '../enrolments/enrolments.repository.js';
import { enqueueEmails, type OutgoingEmail } from './outbox.service.js';

type Emailed =
  'invite.sent' | 'auth_code.issued' | 'course.outline_announced' | 'timetable.notice_requested' | 'email_verification.requested' | 'mobile_code.issued';

/**
 * The e-mails an event asks for (texts as the services wrote them before decision 0081).
 * `publicUrl` is the site's origin (PUBLIC_URL); `memberEmails` the course members' addresses
 * (used by timetable notices only).
 */
export function emailsOf(event: DomainEvent<Emailed>, publicUrl: string, memberEmails: string[] = []): OutgoingEmail[] {
  switch (event.type) {
    case 'invite.sent': {
      const p = event.payload;
      return [
        {
          to: p.invitee.email,
          kind: 'invite',
          subject: `${p.inviter.name} invited you to ${p.course_title}`,
          text: `Hello ${p.invitee.name},\n\n${p.inviter.name} invited you to join ${p.course_title} as ${p.role.replace('_', ' ')}.\nOpen ${publicUrl}/user/index?invite_id=${p.invite_id} to accept.\n`,
        },
      ];
    }
    case 'auth_code.issued': {
      const p = event.payload;
      return [
        {
          to: p.email,
          kind: 'auth_code',
          subject: `Your Atrium code: ${p.code}`,
          text: `Hello ${p.name},\n\nYour code for the management area is ${p.code}. It expires in 10 minutes.\n`,
        },
      ];
    }
    case 'course.outline_announced': {
      const p = event.payload;
      return p.recipients.map((r) => ({
        to: r.email,
        kind: 'outline_notify',
        subject: `Course outline updated: ${p.course_title}`,
        text: `Hello ${r.name},\n\nThe outline of ${p.course_title} was updated. Read it at ${publicUrl}/course/${p.course_id}/outline\n`,
      }));
    }
    case 'timetable.notice_requested': {
      const p = event.payload;
      return memberEmails.map((to) => ({ to, subject: `Timetable of ${p.course_name} changed`, text: p.text, kind: 'timetable-notification' }));
    }
    case 'email_verification.requested': {
      const p = event.payload;
      const what = p.purpose === 'org_sign_up' ? 'finish signing your organisation up' : 'verify your e-mail address';
      return [
        {
          to: p.email,
          kind: p.purpose === 'org_sign_up' ? 'org_sign_up_verification' : 'email_verification',
          subject: 'Verify your e-mail address for Atrium',
          text: `Hello ${p.name},\n\nOpen this link to ${what}:\n${p.url}\n\nThe link works for 24 hours. If you did not ask for it, ignore this e-mail.\n`,
        },
      ];
    }
    case 'mobile_code.issued': {
      // The default SMS channel (decision 0102): an 'sms' row addressed to the number, which the SMTP sender leaves alone.
      const p = event.payload;
      return [{ to: p.mobile_phone, kind: 'sms', subject: 'SMS', text: `[Atrium] Your binding code is ${p.code}. It expires in 10 minutes.` }];
    }
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
    await enqueueEmails(db, emailsOf(event, deps.config.publicUrl, members));
  },
});
