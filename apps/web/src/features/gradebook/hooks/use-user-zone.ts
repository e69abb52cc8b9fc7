import { DEFAULT_TIME_ZONE } from '@atrium/contracts';
import { useCurrentUser } from '../../auth/api';
import { useOrg } from '../../calendar/api';

/** The signed-in user's IANA zone (decision 0020): their own, else the organisation's, else DEFAULT_TIME_ZONE. */
export function useUserZone(): string {
  const me = useCurrentUser();
  const org = useOrg();
  return me.data?.time_zone ?? org.data?.time_zone ?? DEFAULT_TIME_ZONE;
}

/**
 * An instant (ISO 8601) as `format` (dayjs tokens) in `zone`'s wall-clock time: lib/zone-format.ts,
 * Intl only, so the pages and the signed-in shell that show such times (bulletins, certificates)
 * do not load the Temporal polyfill the calendar's pickers need.
 */
export { formatInZone } from '../../../lib/zone-format';
