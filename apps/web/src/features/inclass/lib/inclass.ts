import dayjs from 'dayjs';

/** The address a roll call's QR code holds: the in-class page with the code, which checks the scanner in (decision 0155). */
export function checkinUrl(courseId: number, code: string): string {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return `${origin}/inclass/courses/${courseId}?code=${encodeURIComponent(code)}`;
}

/** An instant as the room's clock shows it (HH:mm:ss, the browser's zone: everyone is in the room). */
export function clockTime(iso: string): string {
  return dayjs(iso).format('HH:mm:ss');
}

/** A share as a whole percentage (0 when nobody answered). */
export function percent(count: number, total: number): number {
  return total > 0 ? Math.round((count / total) * 100) : 0;
}
