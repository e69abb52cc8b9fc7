import { Alert, Button, Card, Form, Select, Space, Spin, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { showFieldErrors } from '../../../lib/form-errors';
import { useOrg } from '../../calendar/api';
import { useCurrentUser, useUpdateTimeZone } from '../api';
import { useToast } from '../../../lib/toast';
import { AccountSettings } from '../../prompts/components/account-settings';
import { NotificationPreferences } from '../../notifications/components/notification-preferences';
import { LanguageCard } from '../components/language-card';
import { ProfileCard } from '../components/profile-card';

/** Value of the "follow my organisation" choice (the API's null). */
const FOLLOW_ORG = '';

/** The UTC offset of `zone` now, as UTC+08:00 (for the zone list). */
function offsetOf(zone: string, now: Date): string {
  const part =
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(now).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  return part === 'GMT' ? 'UTC+00:00' : part.replace('GMT', 'UTC');
}

/** Every IANA zone the browser knows, with its current offset, sorted by offset then name. */
export function timeZoneOptions(now = new Date()): { value: string; label: string }[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];
  const withUtc = zones.includes('UTC') ? zones : [...zones, 'UTC'];
  return withUtc
    .map((zone) => ({ zone, offset: offsetOf(zone, now) }))
    .sort((a, b) => {
      const minutes = (o: string) => (o[3] === '-' ? -1 : 1) * (Number(o.slice(4, 6)) * 60 + Number(o.slice(7, 9)));
      return minutes(a.offset) - minutes(b.offset) || a.zone.localeCompare(b.zone);
    })
    .map(({ zone, offset }) => ({ value: zone, label: `(${offset}) ${zone}` }));
}

/**
 * /user/settings (spec §2 route; issue 19 §5 gathers everything here): my profile and e-mail
 * address (ProfileCard), the interface language, the time zone the calendar uses (decision 0020;
 * `PUT /api/user/time-zone`), an IANA zone or "follow my organisation"; then the account sections
 * (e-mail verification, mobile phone — opened by `?bindMobile` —, password, association code;
 * AccountSettings, issue 17 §4) and my notification preferences. Server field errors show on the field.
 */
export function UserSettingsPage() {
  const { t } = useTranslation('common');
  const toast = useToast();
  const me = useCurrentUser();
  const org = useOrg();
  const save = useUpdateTimeZone();
  const [form] = Form.useForm<{ time_zone: string }>();
  const options = useMemo(() => timeZoneOptions(), []);

  useEffect(() => {
    if (me.data) form.setFieldsValue({ time_zone: me.data.time_zone ?? FOLLOW_ORG });
  }, [me.data, form]);

  if (me.isError)
    return <Alert type="error" showIcon message={t('settings.loadError')} action={<Button onClick={() => void me.refetch()}>{t('action.retry')}</Button>} />;
  if (!me.data) return <Spin style={{ display: 'block', margin: '20vh auto' }} />;

  const orgZone = org.data?.time_zone;
  const submit = async ({ time_zone }: { time_zone: string }) => {
    try {
      await save.mutateAsync(time_zone === FOLLOW_ORG ? null : time_zone);
      toast.success(t('settings.saved'));
    } catch (error) {
      const shown = showFieldErrors(form, error, { fields: ['time_zone'] });
      if (shown.fieldErrors.length === 0) toast.error(shown.rest ?? t('settings.saveFailed'));
    }
  };

  return (
    <div style={{ maxWidth: 720, margin: '0 auto', padding: 16 }}>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t('settings.title')}
      </Typography.Title>
      <Space direction="vertical" size="middle" style={{ width: '100%', marginBottom: 16 }}>
        <ProfileCard user={me.data} />
        <LanguageCard />
      </Space>
      <Card title={t('settings.timeZone.title')}>
        <Typography.Paragraph type="secondary">{t('settings.timeZone.intro')}</Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={submit}>
          <Form.Item name="time_zone" label={t('settings.timeZone.label')}>
            <Select
              showSearch
              optionFilterProp="label"
              options={[
                { value: FOLLOW_ORG, label: orgZone ? t('settings.timeZone.followOrgZone', { zone: orgZone }) : t('settings.timeZone.followOrg') },
                ...options,
              ]}
            />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('settings.save')}
            </Button>
          </Space>
        </Form>
      </Card>
      <AccountSettings email={me.data.email} />
      <Card style={{ marginTop: 16 }} data-testid="settings-notifications">
        <NotificationPreferences />
      </Card>
    </div>
  );
}
