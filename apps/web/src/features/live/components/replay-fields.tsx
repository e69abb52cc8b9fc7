import { Button, Form, Input, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isOpenableLink } from '../../activities/lib/activity-rules';

/**
 * The replays of a meeting or live activity in the activity form (`data.replay_urls`, decision 0150):
 * a title and an http(s) address each, added and removed by buttons; learners see them once the
 * meeting has ended. Field errors of the server (`replay_urls.0.url`) land on the row's inputs.
 */
export function ReplayFields() {
  const { t } = useTranslation('live');
  return (
    <Form.Item label={t('form.replays')} extra={t('form.replaysHelp')}>
      <Form.List name={['data', 'replay_urls']}>
        {(fields, { add, remove }) => (
          <Space direction="vertical" style={{ width: '100%' }}>
            {fields.map((field, index) => (
              <Space key={field.key} align="start" wrap>
                <Form.Item
                  name={[field.name, 'title']}
                  rules={[{ required: true, whitespace: true, message: t('form.replayTitleRequired') }]}
                  style={{ marginBottom: 0 }}
                >
                  <Input aria-label={t('form.replayTitle', { index: index + 1 })} placeholder={t('form.replayTitlePlaceholder')} maxLength={200} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'url']}
                  rules={[
                    {
                      validator: (_r, value: string | undefined) =>
                        value?.trim() && isOpenableLink(value.trim()) ? Promise.resolve() : Promise.reject(new Error(t('form.replayUrlInvalid'))),
                    },
                  ]}
                  style={{ marginBottom: 0 }}
                >
                  <Input aria-label={t('form.replayUrl', { index: index + 1 })} placeholder="https://" style={{ minWidth: 260 }} />
                </Form.Item>
                <Button icon={<DeleteOutlined />} aria-label={t('form.removeReplay', { index: index + 1 })} onClick={() => remove(field.name)} />
              </Space>
            ))}
            {fields.length === 0 && <Typography.Text type="secondary">{t('form.noReplays')}</Typography.Text>}
            <Button icon={<PlusOutlined />} onClick={() => add({ title: '', url: '' })}>
              {t('form.addReplay')}
            </Button>
          </Space>
        )}
      </Form.List>
    </Form.Item>
  );
}
