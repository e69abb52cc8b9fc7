import { useState } from 'react';
import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { ClientConfig } from '@atrium/contracts';
import { useToast } from '../../../lib/toast';
import { useExpiredPassword, useSendVerificationEmail } from '../api';
import { usePreTask } from '../hooks/use-pre-task';
import { needsWelcomeVerification, sessionFlags } from '../lib/rules';
import { useClaimPopup } from '../../../lib/popup-turn';

/** Session flags: a popup dismissed stays away until the next sign-in session (tab). */
export const WELCOME_VERIFY_FLAG = (userId: number) => `atrium.welcomeVerification.${userId}`;
export const PASSWORD_TIP_FLAG = (userId: number) => `atrium.passwordTip.${userId}`;

type Popup = 'bindMobile' | 'passwordTip' | 'welcomeVerification' | 'preTask';

/**
 * Spec §2 account popups, one at a time, most pressing first:
 * 1. force bind mobile phone (spec §6: the org forces binding, the user is not a Student and has no
 *    bound phone; `force_mobile_binding` from `/api/config` already says so) — cannot be dismissed,
 *    leads to `/user/settings?bindMobile`; not shown on the settings page itself;
 * 2. password-change tip (`GET /api/user/check-expired-password`, only when the org limits password
 *    age) — "Later" until the next sign-in session; leads to `/user/settings?changePassword`;
 * 3. welcome verification e-mail (an unverified address) — once per sign-in session;
 * 4. pre-task (`GET /api/user/pre-task`, at most every 6 h, usePreTask).
 */
export function AccountPopups({ config, userId }: { config: ClientConfig | undefined; userId: number }) {
  const { t } = useTranslation('auth');
  const toast = useToast();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const onSettings = pathname === '/user/settings';
  const [closed, setClosed] = useState(() => ({
    passwordTip: sessionFlags.isSet(PASSWORD_TIP_FLAG(userId)),
    welcomeVerification: sessionFlags.isSet(WELCOME_VERIFY_FLAG(userId)),
  }));
  const expired = useExpiredPassword(!!config?.prompts?.password_max_age_days);
  const preTask = usePreTask(userId, !!config?.features.pre_task);
  const send = useSendVerificationEmail();

  const close = (popup: 'passwordTip' | 'welcomeVerification') => {
    sessionFlags.set(popup === 'passwordTip' ? PASSWORD_TIP_FLAG(userId) : WELCOME_VERIFY_FLAG(userId));
    setClosed((c) => ({ ...c, [popup]: true }));
  };

  const candidates: [Popup, boolean][] = [
    ['bindMobile', !!config?.prompts?.force_mobile_binding && !onSettings],
    ['passwordTip', !!expired.data?.is_password_expired && !closed.passwordTip && !onSettings],
    ['welcomeVerification', needsWelcomeVerification(config) && !closed.welcomeVerification],
    ['preTask', preTask.url !== null],
  ];
  const popup = candidates.find(([, shown]) => shown)?.[0];
  // The unread-bulletin popup waits while an account prompt is open.
  useClaimPopup('account', popup !== undefined);

  if (popup === 'bindMobile')
    return (
      <Modal
        open
        title={t('prompts.bindMobile.title')}
        closable={false}
        mask={{ closable: false }}
        keyboard={false}
        footer={
          <Button type="primary" onClick={() => void navigate('/user/settings?bindMobile')}>
            {t('prompts.bindMobile.go')}
          </Button>
        }
      >
        <Typography.Paragraph>{t('prompts.bindMobile.body')}</Typography.Paragraph>
      </Modal>
    );

  if (popup === 'passwordTip')
    return (
      <Modal
        open
        title={t('prompts.passwordTip.title')}
        onCancel={() => close('passwordTip')}
        footer={[
          <Button key="later" onClick={() => close('passwordTip')}>
            {t('prompts.later')}
          </Button>,
          <Button
            key="change"
            type="primary"
            onClick={() => {
              close('passwordTip');
              void navigate('/user/settings?changePassword');
            }}
          >
            {t('prompts.passwordTip.go')}
          </Button>,
        ]}
      >
        <Typography.Paragraph>{t('prompts.passwordTip.body', { days: config?.prompts?.password_max_age_days ?? 0 })}</Typography.Paragraph>
      </Modal>
    );

  if (popup === 'welcomeVerification')
    return (
      <Modal
        open
        title={t('prompts.welcome.title')}
        onCancel={() => close('welcomeVerification')}
        footer={[
          <Button key="later" onClick={() => close('welcomeVerification')}>
            {t('prompts.later')}
          </Button>,
          <Button
            key="send"
            type="primary"
            loading={send.isPending}
            onClick={() =>
              send.mutate('verify', {
                onSuccess: () => {
                  toast.success(t('prompts.verifyEmail.sent'));
                  close('welcomeVerification');
                },
                onError: (error) => toast.error(error, t('prompts.verifyEmail.sendFailed')),
              })
            }
          >
            {t('prompts.verifyEmail.send')}
          </Button>,
        ]}
      >
        <Typography.Paragraph>{t('prompts.welcome.body')}</Typography.Paragraph>
      </Modal>
    );

  if (popup === 'preTask' && preTask.url)
    return (
      <Modal
        open
        title={t('prompts.preTask.title')}
        onCancel={preTask.dismiss}
        footer={[
          <Button key="later" onClick={preTask.dismiss}>
            {t('prompts.later')}
          </Button>,
          <Button key="open" type="primary" href={preTask.url} target="_blank" rel="noopener noreferrer" onClick={preTask.dismiss}>
            {t('prompts.preTask.go')}
          </Button>,
        ]}
      >
        <Typography.Paragraph>{t('prompts.preTask.body')}</Typography.Paragraph>
      </Modal>
    );

  return null;
}
