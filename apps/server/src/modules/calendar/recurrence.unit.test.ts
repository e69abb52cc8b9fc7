import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { normaliseTimetable, TIMETABLE_SAVED_COLOR } from '@atrium/contracts';
import { expandSeries, expandSeriesIso, localDateBefore, type SeriesRule } from './recurrence.js';

const ZONES = ['Asia/Shanghai', 'Europe/London', 'America/New_York', 'UTC'];

/** A series starting between 2026-01-01 and 2027-06-30 at a whole quarter-hour, 30-240 minutes long. */
const seriesArb = fc.record({
  zone: fc.constantFrom(...ZONES),
  dayOffset: fc.integer({ min: 0, max: 545 }),
  minuteOfDay: fc.integer({ min: 0, max: 95 }).map((q) => q * 15),
  durationMin: fc.integer({ min: 2, max: 16 }).map((q) => q * 15),
  repeatType: fc.constantFrom('no_repeat', 'day', 'week', 'custom') as fc.Arbitrary<SeriesRule['repeatType']>,
  frequency: fc.integer({ min: 1, max: 4 }),
  days: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
  endAfterDays: fc.option(fc.integer({ min: 0, max: 400 }), { nil: null }),
});

type SeriesInput = typeof seriesArb extends fc.Arbitrary<infer T> ? T : never;
function ruleOf(s: SeriesInput): SeriesRule {
  const start = DateTime.fromObject({ year: 2026, month: 1, day: 1 }, { zone: s.zone }).plus({ days: s.dayOffset, minutes: s.minuteOfDay });
  return {
    startTime: start.toJSDate(),
    endTime: start.plus({ minutes: s.durationMin }).toJSDate(),
    timeZone: s.zone,
    repeatType: s.repeatType,
    repeatFrequency: s.frequency,
    repeatWeeklyDays: s.days.join(','),
    repeatEndDate: s.endAfterDays === null ? null : start.plus({ days: s.endAfterDays }).toISODate(),
    courseEndDate: null,
    until: null,
    exdates: [],
  };
}

const windowArb = fc.record({ fromDay: fc.integer({ min: -10, max: 700 }), lengthDays: fc.integer({ min: 1, max: 42 }) });
function windowOf(w: { fromDay: number; lengthDays: number }): [Date, Date] {
  const from = DateTime.fromISO('2026-01-01T00:00:00Z').plus({ days: w.fromDay });
  return [from.toJSDate(), from.plus({ days: w.lengthDays }).toJSDate()];
}

describe('expandSeries (rrule, RFC 5545)', () => {
  it('every occurrence overlaps the window and lies within the series bounds', () => {
    fc.assert(
      fc.property(seriesArb, windowArb, (s, w) => {
        const rule = ruleOf(s);
        const [from, to] = windowOf(w);
        for (const o of expandSeries(rule, from, to)) {
          expect(o.start.getTime()).toBeLessThan(to.getTime());
          expect(o.end.getTime()).toBeGreaterThan(from.getTime());
          expect(o.start.getTime()).toBeGreaterThanOrEqual(rule.startTime.getTime());
          if (rule.repeatEndDate && rule.repeatType !== 'no_repeat') {
            expect(DateTime.fromJSDate(o.start, { zone: rule.timeZone }).toISODate()! <= rule.repeatEndDate).toBe(true);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('weekly series fall only on the weekly days, at the same wall-clock time (across DST)', () => {
    fc.assert(
      fc.property(
        seriesArb.filter((s) => s.repeatType === 'week' || s.repeatType === 'custom'),
        windowArb,
        (s, w) => {
          const rule = ruleOf(s);
          const [from, to] = windowOf(w);
          const wall = DateTime.fromJSDate(rule.startTime, { zone: rule.timeZone }).toFormat('HH:mm');
          for (const o of expandSeries(rule, from, to)) {
            const local = DateTime.fromJSDate(o.start, { zone: rule.timeZone });
            if (o.start.getTime() !== rule.startTime.getTime()) expect(s.days).toContain(local.weekday);
            // Times inside a DST gap move forward; all others keep the wall-clock time: a moved
            // occurrence is one whose wall-clock time does not exist on its day in the zone.
            if (local.toFormat('HH:mm') !== wall) {
              const [hour, minute] = wall.split(':').map(Number);
              const asked = DateTime.fromObject({ year: local.year, month: local.month, day: local.day, hour, minute }, { zone: rule.timeZone });
              expect(asked.toFormat('HH:mm')).not.toBe(wall);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('splitting at T (current_and_after) leaves the occurrences before T unchanged', () => {
    fc.assert(
      fc.property(
        seriesArb.filter((s) => s.repeatType !== 'no_repeat'),
        fc.integer({ min: 1, max: 30 }),
        (s, k) => {
          const rule = ruleOf(s);
          const from = rule.startTime;
          const to = new Date(from.getTime() + 120 * 86_400_000);
          const all = expandSeries(rule, from, to);
          const target = all[Math.min(k, all.length - 1)];
          if (!target) return;
          const before = expandSeries({ ...rule, until: target.start }, from, to);
          expect(before).toEqual(all.filter((o) => o.start.getTime() < target.start.getTime()));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a late window answers exactly the occurrences of a whole-series expansion that overlap it', () => {
    fc.assert(
      fc.property(seriesArb, windowArb, (s, w) => {
        const rule = ruleOf(s);
        const [from, to] = windowOf(w);
        const whole = expandSeries(rule, new Date('2025-12-01T00:00:00Z'), to).filter((o) => o.end.getTime() > from.getTime());
        expect(expandSeries(rule, from, to)).toEqual(whole);
      }),
      { numRuns: 300 },
    );
  });

  it('deleting one occurrence (EXDATE) removes exactly that one', () => {
    fc.assert(
      fc.property(seriesArb, fc.integer({ min: 0, max: 30 }), (s, k) => {
        const rule = ruleOf(s);
        const from = rule.startTime;
        const to = new Date(from.getTime() + 60 * 86_400_000);
        const all = expandSeries(rule, from, to);
        const target = all[Math.min(k, all.length - 1)];
        if (!target) return;
        const after = expandSeries({ ...rule, exdates: [target.start.toISOString()] }, from, to);
        expect(after).toHaveLength(all.length - 1);
        expect(after.map((o) => o.start.getTime())).not.toContain(target.start.getTime());
      }),
      { numRuns: 200 },
    );
  });

  it('keeps 09:00 in Europe/London across the March change and bounds by course_end_date', () => {
    const start = DateTime.fromISO('2026-03-23T09:00', { zone: 'Europe/London' }); // a Monday, GMT
    const rule: SeriesRule = {
      startTime: start.toJSDate(),
      endTime: start.plus({ hours: 2 }).toJSDate(),
      timeZone: 'Europe/London',
      repeatType: 'week',
      repeatFrequency: 1,
      repeatWeeklyDays: '1,3',
      repeatEndDate: null,
      courseEndDate: '2026-04-08',
      until: null,
      exdates: [],
    };
    const got = expandSeries(rule, new Date('2026-03-01T00:00:00Z'), new Date('2026-05-01T00:00:00Z')).map((o) => o.start.toISOString());
    expect(got).toEqual([
      '2026-03-23T09:00:00.000Z',
      '2026-03-25T09:00:00.000Z',
      '2026-03-30T08:00:00.000Z',
      '2026-04-01T08:00:00.000Z',
      '2026-04-06T08:00:00.000Z',
      '2026-04-08T08:00:00.000Z',
    ]);
  });

  it('expandSeriesIso (the presented form, memoised) answers the same occurrences as expandSeries, before and after the memo', () => {
    fc.assert(
      fc.property(seriesArb, windowArb, fc.boolean(), (s, w, isoFirst) => {
        const rule = ruleOf(s);
        const [from, to] = windowOf(w);
        const iso = isoFirst ? expandSeriesIso(rule, from, to) : (expandSeries(rule, from, to), expandSeriesIso(rule, from, to));
        const plain = expandSeries(rule, from, to).map((o) => ({ start_time: o.start.toISOString(), end_time: o.end.toISOString() }));
        expect(iso.map((o) => ({ start_time: o.start_time, end_time: o.end_time }))).toEqual(plain);
      }),
      { numRuns: 200 },
    );
  });

  it('localDateBefore answers the previous local date', () => {
    expect(localDateBefore(new Date('2026-03-01T17:00:00Z'), 'Asia/Shanghai')).toBe('2026-03-01');
    expect(localDateBefore(new Date('2026-03-01T15:00:00Z'), 'Asia/Shanghai')).toBe('2026-02-28');
  });
});

describe('normaliseTimetable (spec §5)', () => {
  const draftArb = fc.record({
    repeat_type: fc.constantFrom('no_repeat', 'day', 'week', 'custom') as fc.Arbitrary<'no_repeat' | 'day' | 'week' | 'custom'>,
    repeat_frequency: fc.option(fc.integer({ min: 1, max: 10 }), { nil: undefined }),
    repeat_weekly_days: fc.option(fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }), { nil: undefined }),
    repeat_end_date: fc.option(fc.constant('2026-12-31'), { nil: undefined }),
    update_scope: fc.option(fc.constantFrom('current', 'current_and_after') as fc.Arbitrary<'current' | 'current_and_after'>, { nil: undefined }),
    send_ntf: fc.boolean(),
    ntf_content: fc.option(fc.string({ minLength: 1 }), { nil: undefined }),
    color: fc.constant('#123456'),
  });

  it('applies every rule of spec §5', () => {
    fc.assert(
      fc.property(draftArb, (d) => {
        const n = normaliseTimetable(d);
        expect(n.color).toBe(TIMETABLE_SAVED_COLOR);
        if (d.update_scope === 'current') expect(n.repeat_type).toBe('no_repeat');
        if (!d.send_ntf) expect(n.ntf_content).toBeUndefined();
        if (n.repeat_type === 'no_repeat') {
          expect(n.repeat_frequency).toBeUndefined();
          expect(n.repeat_weekly_days).toBeUndefined();
          expect(n.repeat_end_date).toBeUndefined();
        }
        if (n.repeat_type === 'day') {
          expect(n.repeat_frequency).toBeUndefined();
          expect(n.repeat_weekly_days).toBeUndefined();
        }
        if (n.repeat_type === 'week') expect(n.repeat_frequency).toBe(1);
        if ((n.repeat_type === 'week' || n.repeat_type === 'custom') && d.repeat_weekly_days) {
          expect(n.repeat_weekly_days).toBe([...d.repeat_weekly_days].sort((a, b) => a - b).join(','));
        }
        if (n.repeat_type === 'custom') expect(n.repeat_frequency).toBe(d.repeat_frequency);
      }),
    );
  });
});
