import { useState } from 'react';
import { Alert, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CreateSubjectBody, Subject, SubjectType } from '@atrium/contracts';
import { LazyRichTextEditor } from '../../../components/rich-text-editor/lazy-rich-text-editor';
import { showFieldErrors } from '../../../lib/form-errors';
import { formValuesOf, subjectBodyOf, subjectFieldOf, subjectFormProblems, type SubjectFormValues } from '../lib/subject-form';
import { EDITABLE_SUBJECT_TYPES } from '../lib/subject-types';
import { SubjectKeyFields } from './subject-key-fields';

/**
 * Add or edit an exam subject (issue 15): type, text (rich text; fill-in-blank marks its blanks
 * `[[1]]`, `[[2]]` …), points and the answer key of its type (SubjectKeyFields), and an
 * explanation shown with the right answer. Checks what the server would refuse (right options,
 * blanks marked, two pairs) before sending; the server's 400 field errors land on their fields
 * (`options.1.content`, `answers.0`, `pairs` …), anything else above the form.
 */
export function SubjectFormModal({
  subject,
  type,
  number,
  onSubmit,
  onClose,
}: {
  /** The subject to edit; null to add one of `type`. */
  subject: Subject | null;
  type: SubjectType;
  /** The subject's question number in the list (the title), when editing. */
  number?: number;
  onSubmit: (body: CreateSubjectBody) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('exams');
  const [form] = Form.useForm<SubjectFormValues>();
  const [formError, setFormError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const chosenType = (Form.useWatch('type', form) as SubjectType | undefined) ?? subject?.type ?? type;

  const save = async () => {
    let values: SubjectFormValues;
    try {
      await form.validateFields();
      values = form.getFieldsValue(true) as SubjectFormValues;
    } catch {
      return;
    }
    const problems = subjectFormProblems(values);
    if (problems.length > 0) {
      form.setFields(problems.map((p) => ({ name: p.name, errors: [t(p.key)] })) as Parameters<typeof form.setFields>[0]);
      return;
    }
    setFormError(null);
    setSaving(true);
    try {
      await onSubmit(subjectBodyOf(values));
      onClose();
    } catch (error) {
      const shown = showFieldErrors(form, error, { nameOf: subjectFieldOf(values.type) });
      setFormError(shown.fieldErrors.length > 0 ? shown.rest : (shown.rest ?? t('form.saveFailed')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={subject ? t('form.editTitle', { number: number ?? '' }) : t('form.addTitle', { type: t(`types.${type}`) })}
      okText={t('form.save')}
      cancelText={t('form.cancel')}
      confirmLoading={isSaving}
      onOk={() => void save()}
      onCancel={onClose}
      width={820}
      destroyOnHidden
      maskClosable={false}
    >
      {formError && <Alert type="error" showIcon message={formError} style={{ marginBottom: 12 }} role="alert" />}
      <Form form={form} layout="vertical" name="exam-subject-form" initialValues={formValuesOf(subject, type)}>
        <Form.Item name="type" label={t('form.type')}>
          <Select options={EDITABLE_SUBJECT_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))} style={{ maxWidth: 280 }} />
        </Form.Item>
        <Form.Item
          name="description"
          label={chosenType === 'description' ? t('form.text') : t('form.question')}
          extra={chosenType === 'fill_in_blank' ? t('form.blanksHint') : undefined}
          rules={[{ required: chosenType !== 'essay' && chosenType !== 'description', whitespace: true, message: t('form.questionRequired') }]}
        >
          <LazyRichTextEditor aria-label={chosenType === 'description' ? t('form.text') : t('form.question')} minHeight={120} />
        </Form.Item>
        {chosenType !== 'description' && (
          <Form.Item name="score" label={t('form.score')} rules={[{ required: true, message: t('form.scoreRequired') }]}>
            <InputNumber min={0} max={1000} style={{ width: 160 }} />
          </Form.Item>
        )}
        <SubjectKeyFields type={chosenType} form={form} />
        {chosenType !== 'description' && (
          <Form.Item name="explanation" label={t('form.explanation')} extra={t('form.explanationHint')}>
            <Input.TextArea rows={2} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
