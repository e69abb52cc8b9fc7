import { useMemo, useState } from 'react';
import { Alert, Button, Flex, Select, Skeleton, Switch, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  EMAIL_DELIVERIES,
  NOTIFICATION_KIND_NAMES,
  NOTIFICATION_KINDS,
  type EmailDelivery,
  type NotificationKind,
  type NotificationPreference,
} from '@atrium/contracts';
import { ApiErrorResult } from '../../../components/status-results';
import { fieldErrorsOf } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api';

/** Every kind with the user's channels: the server's answer, else the kind's defaults (in app on). */
function withDefaults(items: readonly NotificationPreference[]): NotificationPreference[] {
  return NOTIFICATION_KIND_NAMES.map(
    (kind) => items.find((item) => item.kind === kind) ?? { kind, in_app: true, email: NOTIFICATION_KINDS[kind].email as EmailDelivery },
  );
}

/**
 * Notification preferences (issue 17 §1): one row per kind, an "In app" switch and an "E-mail"
 * choice (off, one e-mail each, or in the daily digest); Save sends every row
 * (`PUT /api/notifications/preferences`).
 */
export function NotificationPreferences() {
  const { t } = useTranslation('notifications');
  const toast = useToast();
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const [edits, setEdits] = useState<Partial<Record<NotificationKind, NotificationPreference>>>({});
  const [error, setError] = useState<string | null>(null);
  const rows = useMemo(() => withDefaults(preferences.data ?? []).map((row) => edits[row.kind] ?? row), [preferences.data, edits]);
  const isDirty = Object.keys(edits).length > 0;

  if (preferences.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (preferences.isError) return <ApiErrorResult error={preferences.error} onRetry={() => void preferences.refetch()} />;

  const change = (row: NotificationPreference, patch: Partial<NotificationPreference>) => setEdits((all) => ({ ...all, [row.kind]: { ...row, ...patch } }));
  const onSave = () => {
    setError(null);
    save.mutate(rows, {
      onSuccess: () => {
        setEdits({});
        toast.success(t('preferences.saved'));
      },
      onError: (failure) => {
        const sorted = fieldErrorsOf(failure, () => null);
        setError(sorted.summary ?? t('preferences.saveFailed'));
      },
    });
  };

  return (
    <section aria-labelledby="notification-preferences-title" data-testid="notification-preferences">
      <Typography.Title level={2} id="notification-preferences-title" style={{ fontSize: 18 }}>
        {t('preferences.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('preferences.intro')}</Typography.Paragraph>
      {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 12 }} />}
      <Table<NotificationPreference>
        rowKey="kind"
        size="middle"
        pagination={false}
        dataSource={rows}
        columns={[
          { key: 'kind', title: t('preferences.kind'), render: (_, row) => t(`preferences.kinds.${row.kind.replace('.', '_')}`) },
          {
            key: 'in_app',
            title: t('preferences.inApp'),
            width: 120,
            render: (_, row) => (
              <Switch
                checked={row.in_app}
                onChange={(checked) => change(row, { in_app: checked })}
                aria-label={t('preferences.inAppFor', { kind: t(`preferences.kinds.${row.kind.replace('.', '_')}`) })}
              />
            ),
          },
          {
            key: 'email',
            title: t('preferences.email'),
            width: 220,
            render: (_, row) => (
              <Select<EmailDelivery>
                value={row.email}
                onChange={(email) => change(row, { email })}
                style={{ width: 200 }}
                aria-label={t('preferences.emailFor', { kind: t(`preferences.kinds.${row.kind.replace('.', '_')}`) })}
                options={EMAIL_DELIVERIES.map((value) => ({ value, label: t(`preferences.emailOptions.${value}`) }))}
              />
            ),
          },
        ]}
      />
      <Flex gap={8} style={{ marginTop: 16 }}>
        <Button type="primary" onClick={onSave} loading={save.isPending} disabled={!isDirty}>
          {t('preferences.save')}
        </Button>
        <Button onClick={() => setEdits({})} disabled={!isDirty || save.isPending}>
          {t('preferences.reset')}
        </Button>
      </Flex>
    </section>
  );
}
