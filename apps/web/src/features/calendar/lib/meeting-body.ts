import type { Meeting, MeetingBody } from '@atrium/contracts';

/**
 * The whole `PUT /api/calendar-meeting/{id}` body of a meeting as the server presented it
 * (spec §3 Calendar meeting), with `data` fields replaced by `data` — e.g. an admin's review
 * `{ audit_status: 'agree' }` (spec §4). Host, participants, course and replay addresses are
 * kept, so a review changes nothing else.
 */
export function meetingBodyOf(meeting: Meeting, data: Partial<MeetingBody['data']> = {}): MeetingBody {
  return {
    title: meeting.title,
    kind: meeting.kind,
    start_time: meeting.start_time,
    end_time: meeting.end_time,
    data: {
      description: meeting.data.description,
      live_config: { live_addr: meeting.data.live_config.live_addr },
      join_url: meeting.data.join_url,
      replay_address: meeting.data.replay_address,
      host_user: { id: meeting.data.host_user.id },
      ...data,
    },
    scope_org_ids: meeting.scope_org_ids,
    participant_ids: meeting.participant_ids,
    course_id: meeting.course_id,
    teaching_unit: meeting.teaching_unit,
    room: meeting.room,
  };
}

/** Whether an org admin is offered review (approve/reject) of a meeting: a meeting of kind `meeting` (the others need no review) that the calendar rule still lets change (not agreed and started; spec §4). */
export function isReviewable(meeting: Meeting): boolean {
  return meeting.kind === 'meeting' && meeting.editable;
}
