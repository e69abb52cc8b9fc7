import { useState } from 'react';
import { Alert, Button, Checkbox, Flex, Form, Input, InputNumber, Radio, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CreateVideoQuizSubjectBody } from '@atrium/contracts';
import { LazyRichTextEditor } from '../../../components/rich-text-editor/lazy-rich-text-editor';
import { showFieldErrors } from '../../../lib/form-errors';
import { EDITABLE_TYPES, bodyOf, formFieldOf, type SubjectFormValues } from '../lib/subject-form-values';

/**
 * The course team's form for one video quiz subject (issue 15 §6): its second (with "now", the
 * player's current time), type, text, points and the key fields of the type. Saves through
 * `onSave`; a refusal puts the server's field errors on the fields (`at_seconds`, `options`, …).
 */
export function SubjectForm({
  initial,
  duration,
  currentTime,
  onSave,
  onCancel,
}: {
  initial: SubjectFormValues;
  /** The video's length in seconds (0 while unknown): the largest second offered. */
  duration: number;
  currentTime: () => number;
  onSave: (body: CreateVideoQuizSubjectBody) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('videoQuizzes');
  const [form] = Form.useForm<SubjectFormValues>();
  const type = Form.useWatch('type', form) ?? initial.type;
  const [isSaving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const save = async (values: SubjectFormValues) => {
    setSaving(true);
    setRefusal(null);
    try {
      await onSave(bodyOf({ ...initial, ...values }));
    } catch (error) {
      const { rest, fieldErrors } = showFieldErrors(form, error, { nameOf: (name) => formFieldOf(name, type) });
      setRefusal(rest ?? (fieldErrors.length === 0 ? t('editor.saveFailed') : null));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="vertical" initialValues={initial} onFinish={(values) => void save(values)} data-testid="video-quiz-subject-form">
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 12 }} />}
      <Flex gap={12} align="end" wrap>
        <Form.Item name="at_seconds" label={t('editor.atSeconds')} rules={[{ required: true, message: t('editor.atSecondsRequired') }]}>
          <InputNumber min={0} max={duration > 0 ? duration : undefined} step={0.1} precision={1} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item>
          <Button onClick={() => form.setFieldValue('at_seconds', Math.round(currentTime() * 10) / 10)}>{t('editor.now')}</Button>
        </Form.Item>
        <Form.Item name="type" label={t('editor.type')}>
          <Select style={{ width: 200 }} options={EDITABLE_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))} />
        </Form.Item>
        {type !== 'description' && (
          <Form.Item name="score" label={t('editor.score')}>
            <InputNumber min={0} max={1000} step={0.5} style={{ width: 100 }} />
          </Form.Item>
        )}
      </Flex>
      <Form.Item name="description" label={t('editor.description')} extra={type === 'fill_in_blank' ? t('editor.blankHint') : undefined}>
        <LazyRichTextEditor aria-label={t('editor.description')} minHeight={120} />
      </Form.Item>
      {(type === 'single_selection' || type === 'multiple_selection') && (
        <Form.List name="options">
          {(fields, { add, remove }, { errors }) => (
            <Form.Item label={t('editor.options')}>
              <Flex vertical gap={8}>
                {fields.map((field, i) => (
                  <Space key={field.key} align="baseline">
                    <Form.Item name={[field.name, 'is_answer']} valuePropName="checked" noStyle>
                      <Checkbox aria-label={t('editor.isAnswer', { n: i + 1 })}>{t('editor.right')}</Checkbox>
                    </Form.Item>
                    <Form.Item name={[field.name, 'content']} noStyle>
                      <Input aria-label={t('editor.option', { n: i + 1 })} placeholder={t('editor.option', { n: i + 1 })} style={{ width: 280 }} />
                    </Form.Item>
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={t('editor.removeOption')}
                      onClick={() => remove(field.name)}
                      disabled={fields.length <= 2}
                    />
                  </Space>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({ content: '', is_answer: false })} style={{ alignSelf: 'start' }}>
                  {t('editor.addOption')}
                </Button>
                <Form.ErrorList errors={errors} />
              </Flex>
            </Form.Item>
          )}
        </Form.List>
      )}
      {type === 'true_or_false' && (
        <Form.Item name="answer" label={t('editor.statementIs')}>
          <Radio.Group
            options={[
              { value: 'true', label: t('answer.true') },
              { value: 'false', label: t('answer.false') },
            ]}
          />
        </Form.Item>
      )}
      {type === 'fill_in_blank' && (
        <Form.List name="blanks">
          {(fields, { add, remove }, { errors }) => (
            <Form.Item label={t('editor.blanks')}>
              <Flex vertical gap={8}>
                {fields.map((field, i) => (
                  <Space key={field.key} align="baseline">
                    <Form.Item name={[field.name, 'accepted']} noStyle>
                      <Select
                        mode="tags"
                        aria-label={t('answer.blank', { n: i + 1 })}
                        placeholder={t('editor.accepted', { n: i + 1 })}
                        style={{ width: 320 }}
                        open={false}
                      />
                    </Form.Item>
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={t('editor.removeBlank')}
                      onClick={() => remove(field.name)}
                      disabled={fields.length <= 1}
                    />
                  </Space>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({ accepted: [] })} style={{ alignSelf: 'start' }}>
                  {t('editor.addBlank')}
                </Button>
                <Form.ErrorList errors={errors} />
              </Flex>
            </Form.Item>
          )}
        </Form.List>
      )}
      {type === 'short_answer' && (
        <Form.Item name="accepted" label={t('editor.acceptedAnswers')} extra={t('editor.acceptedHint')}>
          <Select mode="tags" open={false} aria-label={t('editor.acceptedAnswers')} />
        </Form.Item>
      )}
      {(type === 'fill_in_blank' || type === 'short_answer') && (
        <Form.Item name="case_sensitive" valuePropName="checked">
          <Checkbox>{t('editor.caseSensitive')}</Checkbox>
        </Form.Item>
      )}
      {type === 'numerical' && (
        <Form.List name="numerical">
          {(fields, { add, remove }, { errors }) => (
            <Form.Item label={t('editor.numbers')}>
              <Flex vertical gap={8}>
                {fields.map((field) => (
                  <Space key={field.key} align="baseline">
                    <Form.Item name={[field.name, 'value']} noStyle>
                      <InputNumber aria-label={t('editor.value')} placeholder={t('editor.value')} style={{ width: 140 }} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'tolerance']} noStyle>
                      <InputNumber aria-label={t('editor.tolerance')} placeholder={t('editor.tolerance')} min={0} style={{ width: 140 }} />
                    </Form.Item>
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={t('editor.removeNumber')}
                      onClick={() => remove(field.name)}
                      disabled={fields.length <= 1}
                    />
                  </Space>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({ value: 0, tolerance: 0 })} style={{ alignSelf: 'start' }}>
                  {t('editor.addNumber')}
                </Button>
                <Form.ErrorList errors={errors} />
              </Flex>
            </Form.Item>
          )}
        </Form.List>
      )}
      <Flex justify="end" gap={8}>
        <Button onClick={onCancel}>{t('editor.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={isSaving}>
          {t('editor.save')}
        </Button>
      </Flex>
    </Form>
  );
}
