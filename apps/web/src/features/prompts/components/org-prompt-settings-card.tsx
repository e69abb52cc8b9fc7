import { useEffect } from 'react';
import { Alert, Button, Card, Form, Input, InputNumber, Spin, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrgPromptSettings } from '@atrium/contracts';
import { showFieldErrors } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { useOrgPromptSettings, useUpdateOrgPromptSettings } from '../api';

interface Values {
  force_mobile_binding: boolean;
  require_email_verification: boolean;
  password_max_age_days: number | null;
  pre_task_url: string;
}

/**
 * The organisation's account prompt settings (decision 0102), for its administrators on
 * /management/org-settings: forced mobile binding (everyone but Students, spec §6), e-mail
 * verification, the password's maximum age (empty: never expires) and the pre-task URL (empty: none).
 */
export function OrgPromptSettingsCard() {
  const { t } = useTranslation('auth');
  const toast = useToast();
  const settings = useOrgPromptSettings();
  const save = useUpdateOrgPromptSettings();
  const [form] = Form.useForm<Values>();

  useEffect(() => {
    if (settings.data) form.setFieldsValue({ ...settings.data, pre_task_url: settings.data.pre_task_url ?? '' });
  }, [settings.data, form]);

  const submit = async (values: Values) => {
    const body: OrgPromptSettings = {
      force_mobile_binding: values.force_mobile_binding,
      require_email_verification: values.require_email_verification,
      password_max_age_days: values.password_max_age_days ?? null,
      pre_task_url: values.pre_task_url.trim() === '' ? null : values.pre_task_url.trim(),
    };
    try {
      await save.mutateAsync(body);
      toast.success(t('prompts.orgSettings.saved'));
    } catch (error) {
      const shown = showFieldErrors(form, error, { fields: ['force_mobile_binding', 'require_email_verification', 'password_max_age_days', 'pre_task_url'] });
      if (shown.fieldErrors.length === 0) toast.error(error, t('prompts.orgSettings.saveFailed'));
    }
  };

  return (
    <Card title={t('prompts.orgSettings.title')} style={{ marginTop: 16 }}>
      {settings.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('prompts.orgSettings.loadError')}
          action={<Button onClick={() => void settings.refetch()}>{t('prompts.retry')}</Button>}
        />
      ) : !settings.data ? (
        <Spin style={{ display: 'block', margin: '16px auto' }} />
      ) : (
        <Form form={form} layout="vertical" onFinish={submit}>
          <Form.Item
            name="force_mobile_binding"
            label={t('prompts.orgSettings.forceMobile')}
            extra={t('prompts.orgSettings.forceMobileHelp')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
          <Form.Item name="require_email_verification" label={t('prompts.orgSettings.requireEmail')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="password_max_age_days" label={t('prompts.orgSettings.passwordDays')} extra={t('prompts.orgSettings.passwordDaysHelp')}>
            <InputNumber min={1} max={3650} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            name="pre_task_url"
            label={t('prompts.orgSettings.preTask')}
            extra={t('prompts.orgSettings.preTaskHelp')}
            rules={[{ pattern: /^(https?:\/\/\S+)?$/i, message: t('prompts.orgSettings.preTaskInvalid') }]}
          >
            <Input placeholder="https://" inputMode="url" />
          </Form.Item>
          <Typography.Paragraph type="secondary">{t('prompts.orgSettings.intro')}</Typography.Paragraph>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('prompts.orgSettings.save')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
