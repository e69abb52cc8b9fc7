import { useQuery } from '@tanstack/react-query';
import type { LtiActivityState } from '@atrium/contracts';
import { api } from '../../lib/api-client';

/** Query keys of LTI tool activities (issue 24 item 5; decision 0153). */
export const ltiKeys = { state: (activityId: number) => ['lti', 'state', activityId] as const };

/** `GET /api/activities/{id}/lti`: registered or not, where Launch and deep linking go, the platform's values for the tool. */
export function useLtiState(activityId: number) {
  return useQuery({
    queryKey: ltiKeys.state(activityId),
    queryFn: ({ signal }) => api.get<LtiActivityState>(`/api/activities/${activityId}/lti`, undefined, signal),
  });
}
