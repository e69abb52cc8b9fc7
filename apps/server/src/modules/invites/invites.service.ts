import type { Invite, InviteBody, InviteStatus } from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { courseFor, invitableRoles } from '../courses/courses.policy.js';
import { insertEnrolment } from '../enrolments/enrolments.repository.js';
import { emit, transaction } from '../events/events.service.js';
import { findUsersByEmails } from '../users/users.repository.js';
import { findInviteWithCourseDeletedAt, insertInvite, listOpenInvitesOf, markInviteJoined } from './invites.repository.js';

/**
 * `POST /api/course/{id}/invites {emails, invite_type}` (spec §7, §8). Every
 * address must belong to a user of the course's organisation, otherwise 400 with
 * `errors.emails_not_exist` listing them and nothing is sent. Each invitee gets an
 * invite row and an e-mail in the outbox, in one transaction. Assistants may invite
 * students only (FORBIDDEN otherwise; decision 0010).
 */
export async function inviteUsers(deps: AppDeps, actor: Actor, courseId: number, body: InviteBody): Promise<{ message: string }> {
  const { course, kinds } = await courseFor(deps, actor, courseId, 'invite');
  if (!invitableRoles(kinds).includes(body.invite_type)) throw new AppError('FORBIDDEN', `Your role may not invite ${body.invite_type}s`);
  if (body.teaching_unit_type === 'teaching_class' && !body.teaching_unit_id) throw AppError.field('teaching_unit_id', 'Choose the teaching class');
  const emails = [...new Set(body.emails)];
  const found = await findUsersByEmails(deps.db, course.orgId, emails);
  const byEmail = new Map(found.map((u) => [u.email!.toLowerCase(), u]));
  const missing = emails.filter((e) => !byEmail.has(e));
  if (missing.length > 0) {
    throw new AppError('VALIDATION_FAILED', `No user has the e-mail ${missing.join(', ')}`, { emails_not_exist: missing });
  }
  const title = course.displayName ?? course.name;
  await transaction(deps, async (tx) => {
    for (const email of emails) {
      const invitee = byEmail.get(email)!;
      const inviteId = await insertInvite(tx, {
        courseId,
        teachingUnitType: body.teaching_unit_type,
        teachingUnitId: body.teaching_unit_id ?? courseId,
        inviteeId: invitee.id,
        inviterId: actor.id,
        email,
        role: body.invite_type,
      });
      // Its handler writes the invitation e-mail to the outbox (decision 0081).
      await emit(deps, tx, {
        type: 'invite.sent',
        payload: {
          invite_id: inviteId,
          course_id: courseId,
          course_title: title,
          role: body.invite_type,
          inviter: { id: actor.id, name: actor.name },
          invitee: { id: invitee.id, name: invitee.name, email },
        },
      });
    }
  });
  return { message: `${emails.length} invitation(s) sent` };
}

/** `GET /api/user/invites`: the signed-in user's invites not yet joined (the in-app confirmation popup). */
export async function listMyInvites(deps: AppDeps, actor: Actor): Promise<{ invites: Invite[] }> {
  const rows = await listOpenInvitesOf(deps.db, actor.id);
  return {
    invites: rows.map((r) => ({
      invite_id: r.invite.id,
      teaching_unit_type: r.invite.teachingUnitType,
      teaching_unit_id: r.invite.teachingUnitId,
      course_id: r.invite.courseId,
      course_name: r.displayName ?? r.courseName,
      role: r.invite.role,
      inviter_name: r.inviterName,
    })),
  };
}

async function myInvite(deps: AppDeps, actor: Actor, inviteId: number) {
  const row = await findInviteWithCourseDeletedAt(deps.db, inviteId);
  // Someone else's invite answers 404 as a cancelled one would: its existence is not theirs to know.
  if (!row || row.invite.inviteeId !== actor.id) throw new AppError('INVITE_NOT_FOUND', 'This invitation was cancelled');
  if (row.deletedAt) throw new AppError('COURSE_DELETED', 'The course of this invitation was deleted');
  return row.invite;
}

/** `GET /api/invites/{id}/status` (spec §4). Throws INVITE_NOT_FOUND (404, 'invite cancelled') or COURSE_DELETED (410, 'course deleted'). */
export async function inviteStatus(deps: AppDeps, actor: Actor, inviteId: number): Promise<InviteStatus> {
  const invite = await myInvite(deps, actor, inviteId);
  return { status: invite.status, course_id: invite.courseId };
}

/** `POST /api/invites/{id}/invite-confirm`: enrols the invitee in the invited role; confirming again changes nothing. */
export async function confirmInvite(deps: AppDeps, actor: Actor, inviteId: number): Promise<InviteStatus> {
  const invite = await myInvite(deps, actor, inviteId);
  if (invite.status !== 'joined') {
    await transaction(deps, async (tx) => {
      if (await insertEnrolment(tx, invite.courseId, actor.id, invite.role))
        await emit(deps, tx, { type: 'enrolment.created', payload: { course_id: invite.courseId, user_id: actor.id, role: invite.role } });
      await markInviteJoined(tx, invite.id, new Date());
    });
  }
  return { status: 'joined', course_id: invite.courseId };
}
