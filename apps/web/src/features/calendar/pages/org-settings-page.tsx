import { Alert, Button, Card, Form, Select, Spin, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_ROLE } from '@atrium/contracts';
import { isApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../auth/api';
import { timeZoneOptions } from '../../auth/pages/user-settings-page';
import { useOrg, useUpdateOrgTimeZone } from '../api';
import { showFieldErrors } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { OrgPromptSettingsCard } from '../../prompts/components/org-prompt-settings-card';
import { OrgEntriesCard } from '../../entries/components/org-entries-card';
import { OrgConnectorsCard } from '../../connectors/components/org-connectors-card';
import { OrgDingTalkCard } from '../../connectors/components/org-dingtalk-card';
import { OrgPartnerTypesCard } from '../../partners/components/org-partner-types-card';

/**
 * /management/org-settings: the organisation's settings an administrator changes here. For
 * now its time zone (decision 0020; `PUT /api/org/time-zone`), which every member without a
 * zone of their own sees the calendar and the meeting overview in. The server's field error
 * shows on the field; non-administrators are told the page is not theirs (the server answers 403).
 */
export function OrgSettingsPage() {
  const { t } = useTranslation('calendar');
  const toast = useToast();
  const me = useCurrentUser();
  const org = useOrg();
  const save = useUpdateOrgTimeZone();
  const [form] = Form.useForm<{ time_zone: string }>();
  const options = useMemo(() => timeZoneOptions(), []);

  useEffect(() => {
    if (org.data) form.setFieldsValue({ time_zone: org.data.time_zone });
  }, [org.data, form]);

  if (org.isError || me.isError)
    return <Alert type="error" showIcon message={t('page.loadError')} action={<Button onClick={() => void org.refetch()}>{t('page.retry')}</Button>} />;
  if (!org.data || !me.data) return <Spin style={{ display: 'block', margin: '20vh auto' }} />;
  const isAdmin = me.data.role === USER_ROLE.admin || me.data.role === USER_ROLE.wgAdmin;
  // The page's h1 (decision 0146), over the refusal too.
  const heading = (
    <Typography.Title level={1} style={{ fontSize: 24 }}>
      {t('orgSettings.title', { name: org.data.name })}
    </Typography.Title>
  );
  if (!isAdmin)
    return (
      <div style={{ maxWidth: 720 }}>
        {heading}
        <Alert type="warning" showIcon message={t('orgSettings.forbidden')} />
      </div>
    );

  const submit = async ({ time_zone }: { time_zone: string }) => {
    try {
      await save.mutateAsync(time_zone);
      toast.success(t('orgSettings.saved'));
    } catch (error) {
      if (isApiError(error, 403)) {
        toast.error(error, t('orgSettings.forbidden'));
        return;
      }
      const first = showFieldErrors(form, error).summary;
      toast.error(first ?? t('orgSettings.saveFailed'));
    }
  };

  return (
    <div style={{ maxWidth: 720 }}>
      {heading}
      <Card title={t('orgSettings.timeZone')}>
        <Typography.Paragraph type="secondary">{t('orgSettings.timeZoneIntro')}</Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={submit}>
          <Form.Item name="time_zone" label={t('orgSettings.timeZone')} rules={[{ required: true, message: t('common.required') }]}>
            <Select showSearch optionFilterProp="label" options={options} aria-label={t('orgSettings.timeZone')} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Form>
      </Card>
      <OrgPromptSettingsCard />
      <OrgEntriesCard />
      <OrgConnectorsCard />
      <OrgDingTalkCard />
      <OrgPartnerTypesCard />
    </div>
  );
}
