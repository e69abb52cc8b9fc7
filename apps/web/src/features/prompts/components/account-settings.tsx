import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useToast } from '../../../lib/toast';
import { useClientConfig, useResetAssociationCode, useSendVerificationEmail } from '../api';
import { ChangePasswordForm } from './change-password-form';
import { MobileBindingForm } from './mobile-binding-form';

/**
 * The account sections of /user/settings (issue 17 §4): e-mail verification, the mobile phone
 * (the binding form opens with `?bindMobile`, where the forced-binding popup leads), the password
 * (open with `?changePassword`, where the password-change tip leads) and the association code.
 */
export function AccountSettings({ email }: { email: string | null }) {
  const { t } = useTranslation('auth');
  const toast = useToast();
  const [params] = useSearchParams();
  const config = useClientConfig();
  const sendEmail = useSendVerificationEmail();
  const reset = useResetAssociationCode();
  const [bindOpen, setBindOpen] = useState(() => params.has('bindMobile'));
  const [passwordOpen, setPasswordOpen] = useState(() => params.has('changePassword'));

  if (config.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('prompts.settings.loadError')}
        action={<Button onClick={() => void config.refetch()}>{t('prompts.retry')}</Button>}
        style={{ marginTop: 16 }}
      />
    );
  const account = config.data?.account;
  if (!account) return <Spin style={{ display: 'block', margin: '24px auto' }} />;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', marginTop: 16 }}>
      <Card title={t('prompts.settings.email')}>
        <Descriptions column={1}>
          <Descriptions.Item label={t('prompts.settings.email')}>
            {email ?? t('prompts.settings.noEmail')}{' '}
            {email && (
              <Tag color={account.email_verified ? 'green' : 'orange'}>
                {t(account.email_verified ? 'prompts.settings.verified' : 'prompts.settings.unverified')}
              </Tag>
            )}
          </Descriptions.Item>
        </Descriptions>
        {email && !account.email_verified && (
          <Button
            loading={sendEmail.isPending}
            onClick={() =>
              sendEmail.mutate('verify', {
                onSuccess: () => toast.success(t('prompts.verifyEmail.sent')),
                onError: (error) => toast.error(error, t('prompts.verifyEmail.sendFailed')),
              })
            }
          >
            {t('prompts.verifyEmail.send')}
          </Button>
        )}
      </Card>

      <Card title={t('prompts.settings.mobile')}>
        <Descriptions column={1}>
          <Descriptions.Item label={t('prompts.mobile.phone')}>
            {account.mobile_verified && account.mobile_phone ? (
              <>
                {account.mobile_phone} <Tag color="green">{t('prompts.settings.bound')}</Tag>
              </>
            ) : (
              t('prompts.settings.notBound')
            )}
          </Descriptions.Item>
        </Descriptions>
        {bindOpen ? (
          <MobileBindingForm initialPhone={account.mobile_verified ? null : account.mobile_phone} onBound={() => setBindOpen(false)} />
        ) : (
          <Button onClick={() => setBindOpen(true)}>{account.mobile_verified ? t('prompts.settings.changeMobile') : t('prompts.settings.bindMobile')}</Button>
        )}
      </Card>

      <Card title={t('prompts.settings.password')}>
        {passwordOpen ? <ChangePasswordForm /> : <Button onClick={() => setPasswordOpen(true)}>{t('prompts.settings.changePassword')}</Button>}
      </Card>

      <Card title={t('prompts.settings.association')}>
        <Typography.Paragraph type="secondary">{t('prompts.settings.associationIntro')}</Typography.Paragraph>
        <Space>
          {account.association_code ? (
            <Typography.Text code copyable>
              {account.association_code}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary">{t('prompts.settings.noAssociation')}</Typography.Text>
          )}
          <Button
            loading={reset.isPending}
            onClick={() =>
              reset.mutate(undefined, {
                onSuccess: () => toast.success(t('prompts.settings.associationReset')),
                onError: (error) => toast.error(error, t('prompts.settings.associationFailed')),
              })
            }
          >
            {account.association_code ? t('prompts.settings.resetAssociation') : t('prompts.settings.makeAssociation')}
          </Button>
        </Space>
      </Card>
    </Space>
  );
}
