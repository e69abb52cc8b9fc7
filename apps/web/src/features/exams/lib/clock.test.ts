import { describe, expect, it } from 'vitest';
import { clockOffsetMs, formatCountdown, remainingMs } from './clock';

describe('the attempt countdown on the server clock', () => {
  it('measures how far the server clock is from the browser', () => {
    const receivedAt = Date.parse('2030-01-01T10:00:00.000Z');
    expect(clockOffsetMs('2030-01-01T10:05:00.000Z', receivedAt)).toBe(5 * 60_000);
    expect(clockOffsetMs('2030-01-01T09:59:30.000Z', receivedAt)).toBe(-30_000);
    expect(clockOffsetMs('not a time', receivedAt)).toBe(0);
  });

  it('counts down to the deadline on the server clock, whatever the browser clock says', () => {
    // The browser is 1 hour behind: the server said 12:00 when the browser read 11:00.
    const offset = clockOffsetMs('2030-01-01T12:00:00.000Z', Date.parse('2030-01-01T11:00:00.000Z'));
    const deadline = '2030-01-01T12:10:00.000Z';
    expect(remainingMs(deadline, offset, Date.parse('2030-01-01T11:00:00.000Z'))).toBe(10 * 60_000);
    expect(remainingMs(deadline, offset, Date.parse('2030-01-01T11:09:30.000Z'))).toBe(30_000);
    expect(remainingMs(deadline, offset, Date.parse('2030-01-01T11:30:00.000Z'))).toBe(0);
  });

  it('formats the time left, rounding up to the second', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(1)).toBe('00:01');
    expect(formatCountdown(5 * 60_000)).toBe('05:00');
    expect(formatCountdown(3_723_000)).toBe('1:02:03');
  });
});
