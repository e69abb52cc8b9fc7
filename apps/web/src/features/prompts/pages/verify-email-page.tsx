import { Button, Spin } from 'antd';
import { Result } from '../../../components/result';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { useVerifyEmail } from '../api';

/**
 * /user/verify-email?token= (issue 17 §4): where the verification e-mail's link lands. Public (the
 * signed token is the proof, so it works on a device where the user is not signed in); confirms the
 * address, or says the link is expired or not valid.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useVerifyEmail(token);
  const navigate = useNavigate();
  const home = (
    <Button type="primary" onClick={() => void navigate('/user/index')}>
      {t('prompts.verifyPage.home')}
    </Button>
  );

  const content = (() => {
    if (!token) return <Result status="warning" title={t('prompts.verifyPage.invalid')} extra={home} pageTitle />;
    if (verify.isPending) return <Spin style={{ display: 'block', margin: '30vh auto' }} aria-label={t('prompts.verifyPage.checking')} />;
    if (verify.isError) {
      const expired = isApiError(verify.error) && verify.error.code === 'VERIFICATION_LINK_EXPIRED';
      return (
        <Result
          status="error"
          title={expired ? t('prompts.verifyPage.expired') : t('prompts.verifyPage.invalid')}
          subTitle={t('prompts.verifyPage.askAgain')}
          extra={home}
          pageTitle
        />
      );
    }
    return <Result status="success" title={t('prompts.verifyPage.done')} subTitle={verify.data.email} extra={home} pageTitle />;
  })();
  // Outside the app shell: the page is its own main landmark, the result's title its h1 (decision 0146).
  return <main>{content}</main>;
}
