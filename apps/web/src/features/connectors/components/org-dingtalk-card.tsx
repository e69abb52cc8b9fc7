import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Flex, Form, Input, Modal, Popconfirm, Skeleton, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DINGTALK_DEFAULT_API_BASE_URL, type DingTalkConfig } from '@atrium/contracts';
import { ApiErrorResult } from '../../../components/status-results';
import { showFieldErrors } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { useOrg } from '../../calendar/api';
import { useDingTalkConfig, useRemoveDingTalkConfig, useSaveDingTalkConfig, useSetChatGroupToggle } from '../api';

interface Values {
  app_key: string;
  app_secret?: string;
  api_base_url?: string;
}

/** The DingTalk application form (mounted while open): app key, secret (empty keeps the one set) and the open API's address. */
function DingTalkModal({ config, onClose }: { config: DingTalkConfig | null; onClose: () => void }) {
  const { t } = useTranslation('connectors');
  const toast = useToast();
  const save = useSaveDingTalkConfig();
  const [form] = Form.useForm<Values>();
  const submit = async (values: Values) => {
    const secret = values.app_secret?.trim();
    const address = values.api_base_url?.trim();
    try {
      await save.mutateAsync({ app_key: values.app_key.trim(), ...(secret ? { app_secret: secret } : {}), ...(address ? { api_base_url: address } : {}) });
      toast.success(t('dingTalk.saved'));
      onClose();
    } catch (error) {
      const shown = showFieldErrors(form, error, { fields: ['app_key', 'app_secret', 'api_base_url'] });
      if (shown.fieldErrors.length === 0) toast.error(error, t('dingTalk.saveFailed'));
    }
  };
  return (
    <Modal
      open
      title={t('dingTalk.editTitle')}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ app_key: config?.app_key ?? '', app_secret: '', api_base_url: config?.api_base_url ?? DINGTALK_DEFAULT_API_BASE_URL }}
      >
        <Form.Item name="app_key" label={t('dingTalk.appKey')} rules={[{ required: true, whitespace: true, message: t('dingTalk.appKeyRequired') }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="app_secret"
          label={t('dingTalk.appSecret')}
          extra={config?.has_secret ? t('dingTalk.secretKept') : undefined}
          rules={config?.has_secret ? [] : [{ required: true, whitespace: true, message: t('dingTalk.appSecretRequired') }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="api_base_url" label={t('dingTalk.apiBaseUrl')} extra={t('dingTalk.apiBaseUrlHelp')}>
          <Input inputMode="url" placeholder={DINGTALK_DEFAULT_API_BASE_URL} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The organisation's DingTalk (issue 24 item 4; decision 0154; organisation settings, administrators): the chat group
 * toggle (spec §6) and the DingTalk application course groups are created with (app key, secret never shown back,
 * open API address), next to the campus connectors.
 */
export function OrgDingTalkCard() {
  const { t } = useTranslation('connectors');
  const toast = useToast();
  const org = useOrg();
  const config = useDingTalkConfig();
  const remove = useRemoveDingTalkConfig();
  const toggle = useSetChatGroupToggle();
  const [editing, setEditing] = useState(false);
  const current = config.data?.config ?? null;

  let body;
  if (config.isError) body = <ApiErrorResult error={config.error} onRetry={() => void config.refetch()} />;
  else if (config.isPending)
    body = (
      <div role="status" aria-busy="true" aria-label={t('dingTalk.loading')}>
        <Skeleton active />
      </div>
    );
  else
    body = (
      <Flex vertical gap={12}>
        <Flex align="center" gap={8}>
          <Switch
            aria-label={t('dingTalk.toggle')}
            checked={org.data?.toggles.chat_group ?? false}
            disabled={!org.data}
            loading={toggle.isPending}
            onChange={(on) => toggle.mutate(on, { onError: (error) => toast.error(error, t('dingTalk.toggleFailed')) })}
          />
          <Typography.Text>{t('dingTalk.toggle')}</Typography.Text>
        </Flex>
        {current ? (
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'key', label: t('dingTalk.appKey'), children: <Typography.Text code>{current.app_key}</Typography.Text> },
              { key: 'secret', label: t('dingTalk.appSecret'), children: current.has_secret ? t('dingTalk.secretSet') : '—' },
              {
                key: 'url',
                label: t('dingTalk.apiBaseUrl'),
                children: <Typography.Text style={{ wordBreak: 'break-all' }}>{current.api_base_url}</Typography.Text>,
              },
            ]}
          />
        ) : (
          <Alert type="info" showIcon title={t('dingTalk.none')} />
        )}
        <Flex gap={8} wrap>
          <Button onClick={() => setEditing(true)}>{current ? t('edit') : t('set')}</Button>
          {current && (
            <Popconfirm
              title={t('dingTalk.removeConfirm')}
              okText={t('remove')}
              cancelText={t('cancel')}
              onConfirm={() =>
                remove.mutateAsync().then(
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
    );

  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          {t('dingTalk.title')} {current ? <Tag color="green">{t('configured')}</Tag> : <Tag>{t('notConfigured')}</Tag>}
        </Typography.Title>
      }
      style={{ marginTop: 16 }}
      data-testid="org-dingtalk"
    >
      <Typography.Paragraph type="secondary">{t('dingTalk.intro')}</Typography.Paragraph>
      {body}
      {editing && <DingTalkModal config={current} onClose={() => setEditing(false)} />}
    </Card>
  );
}
