import { useEffect } from 'react';
import { Button, Card, Empty, Flex, Form, Input, Skeleton, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PartnerType } from '@atrium/contracts';
import { ApiErrorResult } from '../../../components/status-results';
import { useToast } from '../../../lib/toast';
import { useOrg } from '../../calendar/api';
import { usePartnerTypes, useSavePartnerTypes } from '../api';

/**
 * The organisation's kinds of associated partner (issue 24 item 4; decision 0152; organisation settings,
 * administrators): a code (letters, digits, `_`, `-`, unique) and a name per kind, saved as a whole list with
 * `PUT /api/org/associated-partner-types`. Courses then record their partner as one of these kinds.
 */
export function OrgPartnerTypesCard() {
  const { t } = useTranslation('partners');
  const toast = useToast();
  const org = useOrg();
  const types = usePartnerTypes(org.data?.id);
  const save = useSavePartnerTypes(org.data?.id);
  const [form] = Form.useForm<{ types: PartnerType[] }>();
  useEffect(() => {
    if (types.data) form.setFieldsValue({ types: types.data.types });
  }, [types.data, form]);

  const submit = async (values: { types?: PartnerType[] }) => {
    const list = (values.types ?? []).map((type) => ({ code: type.code.trim(), name: type.name.trim() }));
    try {
      await save.mutateAsync({ types: list });
      toast.success(t('types.saved'));
    } catch (error) {
      toast.error(error, t('types.saveFailed'));
    }
  };

  let body;
  if (org.isError || types.isError)
    body = <ApiErrorResult error={org.error ?? types.error} onRetry={() => void (org.isError ? org.refetch() : types.refetch())} />;
  else if (!types.data)
    body = (
      <div role="status" aria-busy="true" aria-label={t('types.loading')}>
        <Skeleton active />
      </div>
    );
  else
    body = (
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ types: types.data.types }}>
        <Form.List name="types">
          {(fields, { add, remove }) => (
            <Flex vertical gap={8}>
              {fields.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('types.empty')} />}
              {fields.map((field, index) => (
                <Flex key={field.key} gap={8} align="start" wrap>
                  <Form.Item
                    name={[field.name, 'code']}
                    label={index === 0 ? t('types.code') : undefined}
                    style={{ width: 200, marginBottom: 0 }}
                    rules={[
                      { required: true, whitespace: true, message: t('types.codeRequired') },
                      { pattern: /^\s*[A-Za-z0-9_-]+\s*$/, message: t('types.codePattern') },
                    ]}
                  >
                    <Input aria-label={t('types.codeOf', { n: index + 1 })} maxLength={40} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'name']}
                    label={index === 0 ? t('types.name') : undefined}
                    style={{ flex: 1, minWidth: 200, marginBottom: 0 }}
                    rules={[{ required: true, whitespace: true, message: t('types.nameRequired') }]}
                  >
                    <Input aria-label={t('types.nameOf', { n: index + 1 })} maxLength={100} />
                  </Form.Item>
                  <Button
                    aria-label={t('types.removeOf', { n: index + 1 })}
                    icon={<DeleteOutlined />}
                    onClick={() => remove(field.name)}
                    style={{ marginTop: index === 0 ? 30 : 0 }}
                  />
                </Flex>
              ))}
              <Flex gap={8} wrap>
                <Button icon={<PlusOutlined />} onClick={() => add({ code: '', name: '' })} disabled={fields.length >= 50}>
                  {t('types.add')}
                </Button>
                <Button type="primary" htmlType="submit" loading={save.isPending}>
                  {t('types.save')}
                </Button>
              </Flex>
            </Flex>
          )}
        </Form.List>
      </Form>
    );

  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          {t('types.title')}
        </Typography.Title>
      }
      style={{ marginTop: 16 }}
      data-testid="org-partner-types"
    >
      <Typography.Paragraph type="secondary">{t('types.intro')}</Typography.Paragraph>
      {body}
    </Card>
  );
}
