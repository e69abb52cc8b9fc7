import { useState } from 'react';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ClientConfig } from '@atrium/contracts';
import { useToast } from '../../../lib/toast';
import { useSendVerificationEmail } from '../api';
import { emailBannerOf, isMobileDevice, NO_MAIL_COOKIE, readCookie, UNVERIFIED_EMAIL_COOKIE, writeCookie } from '../lib/rules';

/** Whether this browser looks like a phone or tablet (read once per mount). */
function isThisMobile(): boolean {
  return isMobileDevice(navigator.userAgent, navigator.maxTouchPoints || 0, window.innerWidth);
}

/**
 * Spec §2 page banners: the unverified e-mail warning and the no-mail warning (each dismissible,
 * remembered by a cookie) and the mobile-device warning (dismissible for this page). The
 * new-version warning is the shell's (app-layout, use-version-check).
 */
export function AccountBanners({ config }: { config: ClientConfig | undefined }) {
  const { t } = useTranslation('auth');
  const toast = useToast();
  const send = useSendVerificationEmail();
  const [dismissed, setDismissed] = useState(() => ({
    unverified: readCookie(UNVERIFIED_EMAIL_COOKIE) === '1',
    noMail: readCookie(NO_MAIL_COOKIE) === '1',
    mobile: false,
  }));
  const [isMobile] = useState(isThisMobile);
  const email = emailBannerOf(config);

  const sendLink = () =>
    send.mutate('verify', {
      onSuccess: () => toast.success(t('prompts.verifyEmail.sent')),
      onError: (error) => toast.error(error, t('prompts.verifyEmail.sendFailed')),
    });

  return (
    <>
      {email === 'unverified' && !dismissed.unverified && (
        <Alert
          banner
          type="warning"
          closable={{
            'aria-label': t('prompts.banner.dismiss'),
            onClose: () => {
              writeCookie(UNVERIFIED_EMAIL_COOKIE, '1');
              setDismissed((d) => ({ ...d, unverified: true }));
            },
          }}
          title={t('prompts.banner.unverified')}
          action={
            <Button size="small" type="link" loading={send.isPending} onClick={sendLink}>
              {t('prompts.verifyEmail.send')}
            </Button>
          }
        />
      )}
      {email === 'noMail' && !dismissed.noMail && (
        <Alert
          banner
          type="warning"
          closable={{
            'aria-label': t('prompts.banner.dismiss'),
            onClose: () => {
              writeCookie(NO_MAIL_COOKIE, '1');
              setDismissed((d) => ({ ...d, noMail: true }));
            },
          }}
          title={t('prompts.banner.noMail')}
        />
      )}
      {isMobile && !dismissed.mobile && (
        <Alert
          banner
          type="info"
          closable={{ 'aria-label': t('prompts.banner.dismiss'), onClose: () => setDismissed((d) => ({ ...d, mobile: true })) }}
          title={t('prompts.banner.mobile')}
        />
      )}
    </>
  );
}
