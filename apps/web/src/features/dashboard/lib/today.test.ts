import { describe, expect, it } from 'vitest';
import { formatInZone, todayWindow } from './today';

describe('todayWindow', () => {
  it('is midnight to midnight in the zone, whatever the browser’s', () => {
    // 2027-03-10 01:30 in Taipei is still 2027-03-09 in UTC.
    expect(todayWindow('Asia/Taipei', Date.parse('2027-03-09T17:30:00Z'))).toEqual({
      start: '2027-03-09T16:00:00.000Z',
      end: '2027-03-10T16:00:00.000Z',
    });
  });

  it('has 23 hours on the day clocks spring forward', () => {
    const { start, end } = todayWindow('Europe/London', Date.parse('2027-03-28T12:00:00Z'));
    expect(start).toBe('2027-03-28T00:00:00.000Z');
    expect(Date.parse(end) - Date.parse(start)).toBe(23 * 3_600_000);
  });
});

describe('formatInZone', () => {
  it('shows wall-clock time of the zone (spec §9 formats)', () => {
    expect(formatInZone('2027-03-09T17:30:00Z', 'Asia/Taipei', 'time')).toBe('01:30');
    expect(formatInZone('2027-03-09T17:30:00Z', 'Asia/Taipei', 'datetime')).toBe('2027.03.10 01:30');
  });
});
