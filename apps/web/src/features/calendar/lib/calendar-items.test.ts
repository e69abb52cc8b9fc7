import { describe, expect, it } from 'vitest';
import type { CalendarLiveActivity } from '@atrium/contracts';
import { KIND_COLORS } from './calendar-defaults';
import { toCalendarItems } from './calendar-items';

describe('toCalendarItems: live activities (decision 0150)', () => {
  it('become fixed items titled with their course, linking to their live detail', () => {
    const live: CalendarLiveActivity = {
      id: 9,
      course_id: 4,
      course_title: 'Biology',
      type: 'lecture_live',
      title: 'Guest lecture',
      provider: 'Campus live',
      start_time: '2026-03-18T06:00:00.000Z',
      end_time: '2026-03-18T07:00:00.000Z',
      status: 'upcoming',
    };
    expect(toCalendarItems({ live: [live] })).toEqual([
      {
        id: 'live-9',
        title: 'Guest lecture · Biology',
        start: live.start_time,
        end: live.end_time,
        allDay: false,
        color: KIND_COLORS.live,
        url: '/course/4/live-activities#/9/detail',
        editable: false,
        extendedProps: { ref: { kind: 'live', item: live } },
      },
    ]);
  });
});
