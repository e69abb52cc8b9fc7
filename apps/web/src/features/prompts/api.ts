import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AssociationCodeResponse,
  BindMobileBody,
  BindMobileResponse,
  ChangePasswordBody,
  ClientConfig,
  ExpiredPasswordResponse,
  MessageResponse,
  OrgPromptSettings,
  PreTaskResponse,
  SendMobileCodeResponse,
  VerifyEmailResponse,
} from '@atrium/contracts';
import { api } from '../../lib/api-client';
import { authKeys } from '../auth/api';

/** Query keys of the account prompts (issue 17 §4). */
export const promptKeys = {
  all: ['prompts'] as const,
  config: ['prompts', 'config'] as const,
  expiredPassword: ['prompts', 'expired-password'] as const,
  orgSettings: ['prompts', 'org-settings'] as const,
  verifyEmail: (token: string) => ['prompts', 'verify-email', token] as const,
};

/** `GET /api/config`: client configuration; for a signed-in user their organisation's prompt settings and account state. */
export function useClientConfig(enabled = true) {
  return useQuery({
    queryKey: promptKeys.config,
    queryFn: ({ signal }) => api.get<ClientConfig>('/api/config', undefined, signal),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** `POST /api/user/send_verification_email` (or the org sign-up variant): e-mails me a verification link. */
export function useSendVerificationEmail() {
  return useMutation({
    mutationFn: (purpose: 'verify' | 'org_sign_up' = 'verify') =>
      api.post<MessageResponse>(purpose === 'verify' ? '/api/user/send_verification_email' : '/api/user/send_org_sing_up_verification_email'),
  });
}

/** `GET /api/user/verify-email?token=`: verifies the address of the link (public), then refreshes the configuration. Never retried: a refused link stays refused. */
export function useVerifyEmail(token: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: promptKeys.verifyEmail(token),
    queryFn: async ({ signal }) => {
      const answer = await api.get<VerifyEmailResponse>('/api/user/verify-email', { token }, signal);
      // A signed-in user's banners and welcome popup read the configuration: it is stale now (an
      // answer in flight may predate the verification, so it is cancelled before asking again).
      void queryClient.cancelQueries({ queryKey: promptKeys.config }).then(() => queryClient.invalidateQueries({ queryKey: promptKeys.config }));
      return answer;
    },
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
}

/** `POST /api/user/mobile/code`: sends a 6-digit code to the number. */
export function useSendMobileCode() {
  return useMutation({ mutationFn: (mobilePhone: string) => api.post<SendMobileCodeResponse>('/api/user/mobile/code', { mobile_phone: mobilePhone }) });
}

/** `PUT /api/user/mobile`: binds the number with its code; refreshes me and the configuration (the forced-binding popup goes). */
export function useBindMobile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BindMobileBody) => api.put<BindMobileResponse>('/api/user/mobile', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: promptKeys.config });
      void queryClient.invalidateQueries({ queryKey: authKeys.me });
    },
  });
}

/** `GET /api/user/check-expired-password`, asked only when the organisation has a password age limit. */
export function useExpiredPassword(enabled: boolean) {
  return useQuery({
    queryKey: promptKeys.expiredPassword,
    queryFn: ({ signal }) => api.get<ExpiredPasswordResponse>('/api/user/check-expired-password', undefined, signal),
    enabled,
    staleTime: 30 * 60_000,
  });
}

/** `PUT /api/user/password`; the password-change tip goes once it succeeds. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api.put<{ password_changed_at: string }>('/api/user/password', body),
    onSuccess: () => queryClient.setQueryData<ExpiredPasswordResponse>(promptKeys.expiredPassword, { is_password_expired: false }),
  });
}

/** `GET /api/user/pre-task` (spec §7), called by the pre-task popup's 6-hour schedule. */
export function fetchPreTask(): Promise<PreTaskResponse> {
  return api.get<PreTaskResponse>('/api/user/pre-task');
}

/** `PUT /api/user/association-code`: a new association code; the configuration shows it. */
export function useResetAssociationCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.put<AssociationCodeResponse>('/api/user/association-code'),
    onSuccess: ({ association_code }) =>
      queryClient.setQueryData<ClientConfig>(promptKeys.config, (config) =>
        config?.account ? { ...config, account: { ...config.account, association_code } } : config,
      ),
  });
}

/** `GET /api/org/prompt-settings` (organisation admins): what the organisation asks of its users. */
export function useOrgPromptSettings() {
  return useQuery({
    queryKey: promptKeys.orgSettings,
    queryFn: ({ signal }) => api.get<OrgPromptSettings>('/api/org/prompt-settings', undefined, signal),
  });
}

/** `PUT /api/org/prompt-settings`; the admin's own configuration follows. */
export function useUpdateOrgPromptSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrgPromptSettings) => api.put<OrgPromptSettings>('/api/org/prompt-settings', body),
    onSuccess: (saved) => {
      queryClient.setQueryData(promptKeys.orgSettings, saved);
      void queryClient.invalidateQueries({ queryKey: promptKeys.config });
    },
  });
}
