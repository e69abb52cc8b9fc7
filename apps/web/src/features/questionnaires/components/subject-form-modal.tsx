import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, InputNumber, Modal, Switch } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CreateQuestionnaireSubjectBody, QuestionnaireSubject, QuestionnaireSubjectType } from '@atrium/contracts';
import { LazyRichTextEditor } from '../../../components/rich-text-editor/lazy-rich-text-editor';
import { showFieldErrors } from '../../../lib/form-errors';
import { formValuesOf, SUBJECT_LIMITS, subjectBodyOf, subjectFieldOf, type SubjectFormValues } from '../lib/subject-form';

/** A list of labels (options, rows or columns): at least `min`, at most `max`, none blank. */
function LabelListField({
  name,
  legend,
  itemLabel,
  addLabel,
  min,
  max,
}: {
  name: 'options' | 'rows' | 'columns';
  legend: string;
  itemLabel: (n: number) => string;
  addLabel: string;
  min: number;
  max: number;
}) {
  const { t } = useTranslation('questionnaires');
  return (
    <Form.List
      name={name}
      rules={[
        {
          validator: (_rule, labels: string[] | undefined) =>
            (labels?.length ?? 0) < min ? Promise.reject(new Error(t('editor.atLeast', { count: min }))) : Promise.resolve(),
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <fieldset className="q-form-group">
          <legend>{legend}</legend>
          {fields.map((field, i) => (
            <Flex key={field.key} gap={8} align="start">
              <Form.Item
                name={[field.name]}
                style={{ flex: 1, marginBottom: 8 }}
                rules={[
                  { required: true, whitespace: true, message: t('editor.labelRequired') },
                  { max: SUBJECT_LIMITS.label, message: t('editor.labelTooLong', { max: SUBJECT_LIMITS.label }) },
                ]}
              >
                <Input aria-label={itemLabel(i + 1)} maxLength={SUBJECT_LIMITS.label} />
              </Form.Item>
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('editor.removeLabel', { label: itemLabel(i + 1) })}
                disabled={fields.length <= min}
                onClick={() => remove(field.name)}
              />
            </Flex>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add('')} disabled={fields.length >= max}>
            {addLabel}
          </Button>
          <Form.ErrorList errors={errors} />
        </fieldset>
      )}
    </Form.List>
  );
}

/**
 * Add or edit a questionnaire subject (course team; issue 15 §5): its text (rich text), whether
 * it must be answered, and its type's own fields: options of a selection (two or more), a
 * rating's scale (min..max, at most 11 steps) and end labels, a matrix's rows and columns, a text
 * answer's single line or textarea. Checks what the server would refuse first; the server's 400
 * field errors land on their fields (`options`, `max`, `rows.1` …), anything else above the form.
 */
export function SubjectFormModal({
  subject,
  type,
  number,
  onSubmit,
  onClose,
}: {
  /** The subject to edit; null to add one of `type`. */
  subject: QuestionnaireSubject | null;
  type: QuestionnaireSubjectType;
  /** The subject's number in the list, when editing. */
  number?: number;
  onSubmit: (body: CreateQuestionnaireSubjectBody) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('questionnaires');
  const [form] = Form.useForm<SubjectFormValues>();
  const [formError, setFormError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const initialValues = formValuesOf(subject, type);
  const chosenType = initialValues.type;

  const save = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const values = { ...initialValues, ...(form.getFieldsValue(true) as SubjectFormValues), type: chosenType };
    setFormError(null);
    setSaving(true);
    try {
      await onSubmit(subjectBodyOf(values));
      onClose();
    } catch (error) {
      const shown = showFieldErrors(form, error, { nameOf: subjectFieldOf });
      setFormError(shown.rest ?? (shown.fieldErrors.length > 0 ? null : t('editor.saveFailed')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={subject ? t('editor.editTitle', { number: number ?? '' }) : t('editor.addTitle', { type: t(`types.${chosenType}`) })}
      okText={t('editor.save')}
      cancelText={t('editor.cancel')}
      confirmLoading={isSaving}
      onOk={() => void save()}
      onCancel={onClose}
      width={760}
      destroyOnHidden
      maskClosable={false}
    >
      {formError && <Alert type="error" showIcon message={formError} style={{ marginBottom: 12 }} role="alert" />}
      <Form form={form} layout="vertical" name="questionnaire-subject-form" initialValues={initialValues}>
        <Form.Item name="description" label={t('editor.question')} rules={[{ required: true, whitespace: true, message: t('editor.questionRequired') }]}>
          <LazyRichTextEditor aria-label={t('editor.question')} minHeight={100} />
        </Form.Item>
        <Form.Item name="is_required" label={t('editor.isRequired')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {(chosenType === 'single_selection' || chosenType === 'multiple_selection') && (
          <LabelListField
            name="options"
            legend={t('editor.options')}
            itemLabel={(n) => t('editor.option', { n })}
            addLabel={t('editor.addOption')}
            min={2}
            max={SUBJECT_LIMITS.options}
          />
        )}
        {chosenType === 'rating' && (
          <fieldset className="q-form-group">
            <legend>{t('editor.scale')}</legend>
            <Flex gap={16} wrap>
              <Form.Item name="min" label={t('editor.min')} rules={[{ required: true, message: t('editor.minRequired') }]}>
                <InputNumber min={0} max={9} precision={0} style={{ width: 120 }} />
              </Form.Item>
              <Form.Item
                name="max"
                label={t('editor.max')}
                dependencies={['min']}
                rules={[
                  { required: true, message: t('editor.maxRequired') },
                  ({ getFieldValue }) => ({
                    validator: (_rule, max: number | null) => {
                      const min = getFieldValue('min') as number | null;
                      if (max === null || max === undefined || min === null || min === undefined) return Promise.resolve();
                      if (max <= min) return Promise.reject(new Error(t('editor.maxAboveMin')));
                      return Promise.resolve();
                    },
                  }),
                ]}
              >
                <InputNumber min={1} max={10} precision={0} style={{ width: 120 }} />
              </Form.Item>
              <Form.Item name="min_label" label={t('editor.minLabel')} rules={[{ max: SUBJECT_LIMITS.endLabel }]} style={{ flex: 1, minWidth: 180 }}>
                <Input maxLength={SUBJECT_LIMITS.endLabel} placeholder={t('editor.minLabelPlaceholder')} />
              </Form.Item>
              <Form.Item name="max_label" label={t('editor.maxLabel')} rules={[{ max: SUBJECT_LIMITS.endLabel }]} style={{ flex: 1, minWidth: 180 }}>
                <Input maxLength={SUBJECT_LIMITS.endLabel} placeholder={t('editor.maxLabelPlaceholder')} />
              </Form.Item>
            </Flex>
          </fieldset>
        )}
        {chosenType === 'matrix' && (
          <>
            <LabelListField
              name="rows"
              legend={t('editor.rows')}
              itemLabel={(n) => t('editor.row', { n })}
              addLabel={t('editor.addRow')}
              min={1}
              max={SUBJECT_LIMITS.rows}
            />
            <LabelListField
              name="columns"
              legend={t('editor.columns')}
              itemLabel={(n) => t('editor.column', { n })}
              addLabel={t('editor.addColumn')}
              min={2}
              max={SUBJECT_LIMITS.columns}
            />
          </>
        )}
        {chosenType === 'text' && (
          <Form.Item name="multiline" label={t('editor.multiline')} valuePropName="checked" extra={t('editor.multilineHint')}>
            <Switch />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
