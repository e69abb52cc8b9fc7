import { useEffect } from 'react';
import { Alert, Button, Card, Form, InputNumber, Progress, Skeleton, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes, LIBRARY_QUOTA_NEAR, type LibrarySettings, type LibrarySettingsBody } from '@atrium/contracts';
import { ApiErrorResult } from '../../../components/status-results';
import { isApiError } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { useCurrentUser } from '../../auth/api';
import { isOrgAdmin } from '../../auth/lib/roles';
import { useLibrarySettings, useUpdateLibrarySettings } from '../api';
import { libraryErrors } from '../lib/library-errors';

const GIB = 1024 ** 3;
/** Quotas are edited in GiB (two decimals), sent in bytes. */
const toGib = (bytes: number | null) => (bytes === null ? null : Math.round((bytes / GIB) * 100) / 100);
const toBytes = (gib: number | null | undefined) => (gib === null || gib === undefined ? null : Math.round(gib * GIB));

type Values = { max_folder_depth: number | null; max_folders: number | null; user_quota_gib: number | null; org_quota_gib: number | null };

/**
 * `/management/library-settings` (issue 19 §1, decision 0132): an organisation administrator sets
 * the library's limits — folder depth, folders per user, storage quota per user and for the
 * organisation (`PUT /api/org/library-settings`; an empty field goes back to the default shown) —
 * and sees the organisation's storage usage with its biggest users. Field refusals show under the
 * field; others are told the page is not theirs (the server answers 403).
 */
export function LibrarySettingsPage() {
  const { t } = useTranslation('library');
  const toast = useToast();
  const me = useCurrentUser();
  const admin = isOrgAdmin(me.data);
  const settings = useLibrarySettings();
  const save = useUpdateLibrarySettings();
  const [form] = Form.useForm<Values>();

  useEffect(() => {
    if (settings.data) form.setFieldsValue(valuesOf(settings.data));
  }, [settings.data, form]);

  // The page's h1 (decision 0146), over a refusal too.
  const heading = (
    <Typography.Title level={1} style={{ fontSize: 24 }}>
      {t('orgSettings.title')}
    </Typography.Title>
  );
  const refusal = (
    <div style={{ maxWidth: 720 }}>
      {heading}
      <Alert type="warning" showIcon message={t('orgSettings.forbidden')} />
    </div>
  );
  if (me.data && !admin) return refusal;
  if (settings.isError)
    return isApiError(settings.error, 403) ? refusal : <ApiErrorResult error={settings.error} onRetry={() => void settings.refetch()} pageTitle />;
  if (!settings.data) return <Skeleton active />;
  const data = settings.data;

  const submit = async (values: Values) => {
    const body: LibrarySettingsBody = {
      max_folder_depth: values.max_folder_depth ?? null,
      max_folders: values.max_folders ?? null,
      user_quota_bytes: toBytes(values.user_quota_gib),
      org_quota_bytes: toBytes(values.org_quota_gib),
    };
    try {
      await save.mutateAsync(body);
      toast.success(t('orgSettings.saved'));
    } catch (error) {
      const { fields, message } = libraryErrors(error, t);
      const name = (field: string): keyof Values =>
        field === 'user_quota_bytes' ? 'user_quota_gib' : field === 'org_quota_bytes' ? 'org_quota_gib' : (field as keyof Values);
      form.setFields(Object.entries(fields).map(([field, text]) => ({ name: name(field), errors: [text] })));
      toast.error(message ?? t('errors.generic'));
    }
  };

  const orgPercent = data.effective.org_quota_bytes > 0 ? Math.min(100, Math.round((data.usage.org_used / data.effective.org_quota_bytes) * 100)) : 0;
  const near = data.usage.org_used >= data.effective.org_quota_bytes * LIBRARY_QUOTA_NEAR;
  const usedText = t('quota.usedOf', { used: formatBytes(data.usage.org_used), quota: formatBytes(data.effective.org_quota_bytes) });

  return (
    <div style={{ maxWidth: 720 }}>
      {heading}
      <Card title={t('orgSettings.usage')} style={{ marginBottom: 16 }}>
        <div data-testid="org-usage">
          <Progress percent={orgPercent} status={near ? 'exception' : 'normal'} aria-label={`${t('quota.org')}: ${usedText}`} />
          <Typography.Text>{usedText}</Typography.Text>
        </div>
        <Table
          style={{ marginTop: 12 }}
          size="small"
          pagination={false}
          rowKey="id"
          dataSource={data.usage.top_users}
          locale={{ emptyText: t('orgSettings.noUsers') }}
          columns={[
            { title: t('orgSettings.user'), key: 'name', render: (_: unknown, u) => `${u.name} (${u.user_name})` },
            {
              title: t('orgSettings.used'),
              key: 'used',
              render: (_: unknown, u) => t('quota.usedOf', { used: formatBytes(u.used), quota: formatBytes(data.effective.user_quota_bytes) }),
            },
          ]}
          data-testid="org-top-users"
        />
      </Card>
      <Card title={t('orgSettings.limits')}>
        <Typography.Paragraph type="secondary">{t('orgSettings.intro')}</Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)}>
          <Form.Item
            name="max_folder_depth"
            label={t('orgSettings.maxFolderDepth')}
            extra={t('orgSettings.default', { value: data.defaults.max_folder_depth })}
          >
            <InputNumber min={1} max={50} precision={0} placeholder={String(data.defaults.max_folder_depth)} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="max_folders" label={t('orgSettings.maxFolders')} extra={t('orgSettings.default', { value: data.defaults.max_folders })}>
            <InputNumber min={1} max={100000} precision={0} placeholder={String(data.defaults.max_folders)} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            name="user_quota_gib"
            label={t('orgSettings.userQuota')}
            extra={t('orgSettings.default', { value: formatBytes(data.defaults.user_quota_bytes) })}
          >
            <InputNumber min={0.01} precision={2} placeholder={String(toGib(data.defaults.user_quota_bytes))} addonAfter="GiB" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            name="org_quota_gib"
            label={t('orgSettings.orgQuota')}
            extra={t('orgSettings.default', { value: formatBytes(data.defaults.org_quota_bytes) })}
          >
            <InputNumber min={0.01} precision={2} placeholder={String(toGib(data.defaults.org_quota_bytes))} addonAfter="GiB" style={{ width: 200 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('orgSettings.save')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}

/** The organisation's own values (empty where it keeps the default). */
function valuesOf(s: LibrarySettings): Values {
  return {
    max_folder_depth: s.custom.max_folder_depth,
    max_folders: s.custom.max_folders,
    user_quota_gib: toGib(s.custom.user_quota_bytes),
    org_quota_gib: toGib(s.custom.org_quota_bytes),
  };
}
