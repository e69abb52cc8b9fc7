/** The route of the visitor page of an activity (spec §6; decision 0032): public, outside the signed-in shell. */
export const GUEST_ACTIVITY_ROUTE = '/guest/activities/:activityId';

/** The visitor page's path for one activity, e.g. `/guest/activities/12`. */
export function guestActivityPath(activityId: number): string {
  return `/guest/activities/${activityId}`;
}

/** The full guest link an instructor shares, on this site's origin. */
export function guestActivityUrl(activityId: number, origin: string): string {
  return `${origin}${guestActivityPath(activityId)}`;
}
