import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Locale, LoginBody, UpdateEmailBody, User } from '@atrium/contracts';
import { api, LOGIN_PATH } from '../../lib/api-client';

/** Query keys of the auth feature. */
export const authKeys = {
  me: ['auth', 'me'] as const,
};

/** `GET /api/user` as a query (the hook's, and the router's preload at navigation). */
export const currentUserQuery = queryOptions({
  queryKey: authKeys.me,
  queryFn: ({ signal }) => api.get<User>('/api/user', undefined, signal),
  staleTime: 5 * 60_000,
});

/** `GET /api/user`: the signed-in user; a 401 error when nobody is signed in. */
export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

/** `POST /api/login` with `{ user_name, password }`; clears cached data of any previous user. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => api.post<User | undefined>(LOGIN_PATH, body),
    onSuccess: (user) => {
      queryClient.clear();
      if (user && typeof user === 'object' && 'id' in user) queryClient.setQueryData(authKeys.me, user);
    },
  });
}

/** `POST /api/logout`; the cache is cleared whatever the answer. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<unknown>('/api/logout'),
    onSettled: () => queryClient.clear(),
  });
}

/** `PUT /api/user/time-zone`: my IANA zone, or null to follow my organisation (decision 0020); refreshes me and the calendar. */
export function useUpdateTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (timeZone: string | null) => api.put<User>('/api/user/time-zone', { time_zone: timeZone }),
    onSuccess: (user) => {
      queryClient.setQueryData(authKeys.me, user);
      void queryClient.invalidateQueries({ queryKey: ['calendar'] });
    },
  });
}

/** `PUT /api/user/locale`: my interface language (spec §1), kept with my account so e-mails to me are written in it (issue 23 §2). */
export function useUpdateLocale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (locale: Locale | null) => api.put<User>('/api/user/locale', { locale }),
    onSuccess: (user) => queryClient.setQueryData(authKeys.me, user),
  });
}

/** `PUT /api/user/email` with my current password: my new address, unverified; refreshes me and the account state (config). */
export function useUpdateEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateEmailBody) => api.put<User>('/api/user/email', body),
    onSuccess: (user) => {
      queryClient.setQueryData(authKeys.me, user);
      void queryClient.invalidateQueries({ queryKey: ['prompts', 'config'] });
    },
  });
}
