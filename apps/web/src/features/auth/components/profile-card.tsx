import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UpdateEmailBody, User } from '@atrium/contracts';
import { showFieldErrors } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { useUpdateEmail } from '../api';

/**
 * The profile section of /user/settings (issue 19 §5): who I am (spec §3 User: name, user number,
 * organisation, department, role; set by my organisation) and my e-mail address, which I may change
 * with my current password (`PUT /api/user/email`); the new address starts unverified. Server field
 * errors show on their fields.
 */
export function ProfileCard({ user }: { user: User }) {
  const { t } = useTranslation('common');
  const toast = useToast();
  const update = useUpdateEmail();
  const [isEditing, setEditing] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [form] = Form.useForm<UpdateEmailBody>();

  const submit = (values: UpdateEmailBody) => {
    setFormError(null);
    update.mutate(values, {
      onSuccess: () => {
        toast.success(t('settings.profile.emailChanged'));
        setEditing(false);
        form.resetFields();
      },
      onError: (error) => {
        const shown = showFieldErrors(form, error, { fields: ['email', 'password'] });
        if (shown.fieldErrors.length === 0) setFormError(shown.rest ?? t('settings.saveFailed'));
      },
    });
  };

  return (
    <Card title={t('settings.profile.title')} data-testid="settings-profile">
      <Descriptions column={{ xs: 1, sm: 2 }} size="small">
        <Descriptions.Item label={t('settings.profile.name')}>{user.name}</Descriptions.Item>
        <Descriptions.Item label={t('settings.profile.userNo')}>{user.userNo}</Descriptions.Item>
        <Descriptions.Item label={t('settings.profile.userName')}>{user.user_name}</Descriptions.Item>
        <Descriptions.Item label={t('settings.profile.role')}>{t(`settings.profile.roles.${user.role}`)}</Descriptions.Item>
        <Descriptions.Item label={t('settings.profile.org')}>{user.org.name}</Descriptions.Item>
        <Descriptions.Item label={t('settings.profile.department')}>{user.department?.name ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('settings.profile.email')}>{user.email ?? '—'}</Descriptions.Item>
      </Descriptions>
      {isEditing ? (
        <Form<UpdateEmailBody> form={form} layout="vertical" name="change-email" onFinish={submit} style={{ maxWidth: 420, marginTop: 12 }}>
          {formError && <Alert type="error" showIcon role="alert" title={formError} style={{ marginBottom: 12 }} />}
          <Form.Item
            name="email"
            label={t('settings.profile.newEmail')}
            rules={[{ required: true, type: 'email', message: t('settings.profile.emailInvalid') }]}
          >
            <Input type="email" autoComplete="email" maxLength={254} />
          </Form.Item>
          <Form.Item name="password" label={t('settings.profile.password')} rules={[{ required: true, message: t('settings.profile.passwordRequired') }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={update.isPending}>
              {t('settings.profile.saveEmail')}
            </Button>
            <Button onClick={() => setEditing(false)}>{t('action.cancel')}</Button>
          </Space>
        </Form>
      ) : (
        <Button onClick={() => setEditing(true)} style={{ marginTop: 12 }}>
          {t('settings.profile.changeEmail')}
        </Button>
      )}
    </Card>
  );
}
