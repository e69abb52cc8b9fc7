import { useCurrentUser } from '../../auth/api';
import { useOrg } from '../api';

/** The browser's own IANA zone (as zone.ts, without loading Temporal). */
const BROWSER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The account's time zone (decision 0020), as the calendar shows times: the user's own
 * `time_zone`, else the organisation's, else (while either is unknown) the browser's. IANA name.
 */
export function accountTimeZone(user: { time_zone: string | null } | undefined, org: { time_zone: string } | undefined): string {
  return user?.time_zone ?? org?.time_zone ?? BROWSER_TIME_ZONE;
}

/** The signed-in account's time zone (`accountTimeZone` of GET /api/user and GET /api/org, both cached). */
export function useAccountTimeZone(): string {
  const me = useCurrentUser();
  const org = useOrg();
  return accountTimeZone(me.data, org.data);
}
