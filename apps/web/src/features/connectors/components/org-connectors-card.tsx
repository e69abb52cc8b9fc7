import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Checkbox, Descriptions, Flex, Form, Input, Modal, Popconfirm, Skeleton, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Connector, EnrolmentSyncPlan, EnrolmentSyncProvider } from '@atrium/contracts';
import { ApiErrorResult } from '../../../components/status-results';
import { isApiError } from '../../../lib/api-client';
import { showFieldErrors } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { useEnrolmentSync, useOrgConnectors, useRemoveConnector, useSaveConnector } from '../api';

interface Values {
  url: string;
  token?: string;
  removeToken?: boolean;
}

/** The form of one provider's connector (mounted while open): the CSV's address and its token (empty keeps the one set). */
function ConnectorModal({ provider, connector, onClose }: { provider: EnrolmentSyncProvider; connector: Connector | null; onClose: () => void }) {
  const { t } = useTranslation('connectors');
  const toast = useToast();
  const save = useSaveConnector();
  const [form] = Form.useForm<Values>();
  const removeToken = Form.useWatch('removeToken', form);
  const submit = async (values: Values) => {
    const token = values.removeToken ? null : values.token?.trim() ? values.token.trim() : undefined;
    try {
      await save.mutateAsync({ provider, body: { url: values.url.trim(), ...(token !== undefined ? { token } : {}) } });
      toast.success(t('saved'));
      onClose();
    } catch (error) {
      const shown = showFieldErrors(form, error, { fields: ['url', 'token'] });
      if (shown.fieldErrors.length === 0) toast.error(error, t('saveFailed'));
    }
  };
  return (
    <Modal
      open
      title={t('editTitle', { name: t(`providers.${provider}.name`) })}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ url: connector?.url ?? '', token: '', removeToken: false }}>
        <Form.Item name="url" label={t('url')} extra={t('urlHelp')} rules={[{ required: true, whitespace: true, message: t('urlRequired') }]}>
          <Input placeholder="https://" inputMode="url" />
        </Form.Item>
        <Form.Item name="token" label={t('token')} extra={connector?.has_token ? t('tokenKept') : t('tokenHelp')}>
          <Input.Password autoComplete="new-password" disabled={removeToken} />
        </Form.Item>
        {connector?.has_token && (
          <Form.Item name="removeToken" valuePropName="checked">
            <Checkbox>{t('removeToken')}</Checkbox>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** What a sync would do (or did): counts, the enrolments to add and the rows that change nothing, with their reasons. */
export function SyncPlanView({ plan }: { plan: EnrolmentSyncPlan }) {
  const { t } = useTranslation('connectors');
  return (
    <Flex vertical gap={16} data-testid="sync-plan">
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'read', label: t('plan.rowsRead'), children: plan.rows_read },
          { key: 'add', label: plan.dry_run ? t('plan.toAdd') : t('plan.added'), children: plan.dry_run ? plan.add.length : plan.applied },
          { key: 'kept', label: t('plan.kept'), children: plan.kept },
          { key: 'skipped', label: t('plan.skipped'), children: plan.skipped.length },
        ]}
      />
      {plan.add.length > 0 && (
        <Table
          size="small"
          rowKey={(row) => `${row.course_id}:${row.user_id}:${row.role}`}
          aria-label={plan.dry_run ? t('plan.toAdd') : t('plan.added')}
          dataSource={plan.add}
          pagination={plan.add.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          columns={[
            { key: 'course', title: t('plan.courseCode'), dataIndex: 'course_code' },
            { key: 'user', title: t('plan.userNo'), dataIndex: 'user_no' },
            { key: 'role', title: t('plan.role'), render: (_, row) => t(`plan.roles.${row.role}`) },
          ]}
        />
      )}
      {plan.skipped.length > 0 && (
        <Table
          size="small"
          rowKey="line"
          aria-label={t('plan.skipped')}
          dataSource={plan.skipped}
          pagination={plan.skipped.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          columns={[
            { key: 'line', title: t('plan.line'), dataIndex: 'line', align: 'right' },
            { key: 'course', title: t('plan.courseCode'), dataIndex: 'course_code' },
            { key: 'user', title: t('plan.userNo'), dataIndex: 'user_no' },
            { key: 'reason', title: t('plan.reason'), render: (_, row) => t(`plan.reasons.${row.reason}`) },
          ]}
        />
      )}
    </Flex>
  );
}

/**
 * A sync (URP: every course; ITRI: the course `courseId`): a preview first (dry run), then the same plan applied on
 * confirmation. A provider not connected yet says so and who connects it (409 CONNECTOR_NOT_CONFIGURED).
 */
export function SyncModal({ provider, courseId, onClose }: { provider: EnrolmentSyncProvider; courseId?: number; onClose: () => void }) {
  const { t } = useTranslation('connectors');
  const toast = useToast();
  const preview = useEnrolmentSync();
  const apply = useEnrolmentSync();
  // The preview starts as the popup opens, once (StrictMode runs effects twice).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    preview.mutate({ provider, courseId, dryRun: true });
  }, [preview, provider, courseId]);
  const result = apply.data ?? preview.data;
  const failure = apply.error ?? preview.error;
  const name = t(`providers.${provider}.name`);
  return (
    <Modal
      open
      width={720}
      title={t('syncTitle', { name })}
      onCancel={onClose}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{apply.data ? t('close') : t('cancel')}</Button>
          {!apply.data && (
            <Button
              type="primary"
              disabled={!preview.data || preview.data.add.length === 0}
              loading={apply.isPending}
              onClick={() =>
                apply.mutate(
                  { provider, courseId, dryRun: false },
                  { onSuccess: (plan) => toast.success(t('applied', { count: plan.applied })), onError: (error) => toast.error(error, t('syncFailed')) },
                )
              }
            >
              {t('apply', { count: preview.data?.add.length ?? 0 })}
            </Button>
          )}
        </Flex>
      }
    >
      {isApiError(failure) && failure.code === 'CONNECTOR_NOT_CONFIGURED' ? (
        <Alert type="warning" showIcon title={t('notConnectedTitle', { name })} description={t('notConnectedHelp', { name })} />
      ) : failure ? (
        <ApiErrorResult error={failure} onRetry={() => preview.mutate({ provider, courseId, dryRun: true })} />
      ) : result ? (
        <Flex vertical gap={12}>
          <Alert type={result.dry_run ? 'info' : 'success'} showIcon title={result.dry_run ? t('previewNote') : t('appliedNote', { count: result.applied })} />
          <SyncPlanView plan={result} />
        </Flex>
      ) : (
        <div role="status" aria-busy="true" aria-label={t('previewing')}>
          <Skeleton active />
        </div>
      )}
    </Modal>
  );
}

/**
 * The organisation's campus connectors (issue 24 item 4; organisation settings, administrators): URP (every
 * course) and ITRI (each course from its members page), each the address of the enrolment CSV its campus system
 * publishes, with a token. URP's sync previews what would change before applying it.
 */
export function OrgConnectorsCard() {
  const { t } = useTranslation('connectors');
  const toast = useToast();
  const list = useOrgConnectors();
  const remove = useRemoveConnector();
  const [editing, setEditing] = useState<EnrolmentSyncProvider | null>(null);
  const [syncing, setSyncing] = useState(false);

  let body;
  if (list.isError) body = <ApiErrorResult error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.isPending)
    body = (
      <div role="status" aria-busy="true" aria-label={t('loading')}>
        <Skeleton active />
      </div>
    );
  else
    body = (
      <Flex vertical gap={16}>
        {list.data.items.map(({ provider, connector }) => (
          <Card key={provider} size="small" data-testid={`connector-${provider}`}>
            <Flex justify="space-between" align="start" gap={12} wrap>
              <div style={{ minWidth: 0, flex: 1 }}>
                <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
                  {t(`providers.${provider}.name`)} {connector ? <Tag color="green">{t('configured')}</Tag> : <Tag>{t('notConfigured')}</Tag>}
                </Typography.Title>
                <Typography.Paragraph type="secondary" style={{ margin: '4px 0' }}>
                  {t(`providers.${provider}.scope`)}
                </Typography.Paragraph>
                {connector && (
                  <Typography.Text code style={{ wordBreak: 'break-all' }}>
                    {connector.url}
                  </Typography.Text>
                )}
              </div>
              <Flex gap={8} wrap>
                {provider === 'urp' && connector && (
                  <Button type="primary" onClick={() => setSyncing(true)}>
                    {t('preview')}
                  </Button>
                )}
                <Button onClick={() => setEditing(provider)}>{connector ? t('edit') : t('set')}</Button>
                {connector && (
                  <Popconfirm
                    title={t('removeConfirm', { name: t(`providers.${provider}.name`) })}
                    okText={t('remove')}
                    cancelText={t('cancel')}
                    onConfirm={() =>
                      remove.mutateAsync(provider).then(
                        () => toast.success(t('removed')),
                        (error: unknown) => toast.error(error, t('removeFailed')),
                      )
                    }
                  >
                    <Button danger>{t('remove')}</Button>
                  </Popconfirm>
                )}
              </Flex>
            </Flex>
          </Card>
        ))}
      </Flex>
    );

  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          {t('title')}
        </Typography.Title>
      }
      style={{ marginTop: 16 }}
      data-testid="org-connectors"
    >
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      {body}
      {editing && (
        <ConnectorModal
          provider={editing}
          connector={list.data?.items.find((i) => i.provider === editing)?.connector ?? null}
          onClose={() => setEditing(null)}
        />
      )}
      {syncing && <SyncModal provider="urp" onClose={() => setSyncing(false)} />}
    </Card>
  );
}
