import { useState } from 'react';
import { Alert, Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CreateSubjectBody, Subject, SubjectType } from '@atrium/contracts';
import { LazyRichTextEditor } from '../../../components/rich-text-editor/lazy-rich-text-editor';
import { showFieldErrors } from '../../../lib/form-errors';
import { formValuesOf, subjectBodyOf, subjectFieldOf, subjectFormProblems, type SubjectFormMode, type SubjectFormValues } from '../lib/subject-form';
import { BANK_SUBJECT_TYPES, EDITABLE_SUBJECT_TYPES } from '../lib/subject-types';
import { CategorySelect } from './category-select';
import { SubjectKeyFields } from './subject-key-fields';
import { SubjectMediaFields } from './subject-media-fields';

/**
 * Add or edit a subject (issue 15) of an exam (`mode` exam) or of the course's bank (`mode` bank):
 * type, text (rich text; fill-in-blank marks its blanks `[[1]]`, `[[2]]` …), points and the answer
 * key of its type (SubjectKeyFields), an explanation shown with the right answer, the media it
 * plays with their play limit, and — in the bank — its category. A random subject (exams only)
 * is a category, how many subjects each attempt draws from it and the points of each. Checks what
 * the server would refuse (right options, blanks marked, two pairs, a category to draw from)
 * before sending; the server's 400 field errors land on their fields (`options.1.content`,
 * `answers.0`, `pairs`, `category_id` …), anything else above the form.
 */
export function SubjectFormModal({
  courseId,
  mode = 'exam',
  subject,
  type,
  number,
  defaultCategoryId,
  onSubmit,
  onClose,
}: {
  courseId: number;
  mode?: SubjectFormMode;
  /** The subject to edit; null to add one of `type`. */
  subject: Subject | null;
  type: SubjectType;
  /** The subject's question number in the list (the title), when editing. */
  number?: number;
  /** A new bank subject's category (the bank's current filter). */
  defaultCategoryId?: number | null;
  onSubmit: (body: CreateSubjectBody) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('exams');
  const [form] = Form.useForm<SubjectFormValues>();
  const [formError, setFormError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const chosenType = (Form.useWatch('type', form) as SubjectType | undefined) ?? subject?.type ?? type;
  const types = mode === 'bank' ? BANK_SUBJECT_TYPES : EDITABLE_SUBJECT_TYPES;
  const isRandom = chosenType === 'random';

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
      await onSubmit(subjectBodyOf(values, mode));
      onClose();
    } catch (error) {
      const shown = showFieldErrors(form, error, { nameOf: subjectFieldOf(values.type) });
      setFormError(shown.fieldErrors.length > 0 ? shown.rest : (shown.rest ?? t('form.saveFailed')));
    } finally {
      setSaving(false);
    }
  };

  const title = subject
    ? mode === 'bank'
      ? t('bank.editTitle')
      : t('form.editTitle', { number: number ?? '' })
    : mode === 'bank'
      ? t('bank.addTitle', { type: t(`types.${type}`) })
      : t('form.addTitle', { type: t(`types.${type}`) });
  return (
    <Modal
      open
      title={title}
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
      <Form form={form} layout="vertical" name="exam-subject-form" initialValues={formValuesOf(subject, type, { category_id: defaultCategoryId })}>
        <Form.Item name="type" label={t('form.type')}>
          <Select options={types.map((value) => ({ value, label: t(`types.${value}`) }))} style={{ maxWidth: 280 }} />
        </Form.Item>
        {(isRandom || mode === 'bank') && (
          <Form.Item
            name="category_id"
            label={isRandom ? t('form.drawCategory') : t('form.category')}
            extra={isRandom ? t('form.drawCategoryHint') : t('form.categoryHint')}
            rules={isRandom ? [{ required: true, message: t('form.categoryRequired') }] : []}
          >
            <CategorySelect courseId={courseId} allowClear={!isRandom} aria-label={isRandom ? t('form.drawCategory') : t('form.category')} />
          </Form.Item>
        )}
        {isRandom ? (
          <>
            <Form.Item
              name="count"
              label={t('form.drawCount')}
              rules={[{ required: true, type: 'number', min: 1, max: 100, message: t('form.drawCountRange') }]}
            >
              <InputNumber min={1} max={100} precision={0} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="score" label={t('form.scoreEach')} rules={[{ required: true, message: t('form.scoreRequired') }]}>
              <InputNumber min={0} max={1000} style={{ width: 160 }} />
            </Form.Item>
            <Typography.Paragraph type="secondary">{t('form.randomHint')}</Typography.Paragraph>
          </>
        ) : (
          <>
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
            <SubjectMediaFields courseId={courseId} />
          </>
        )}
      </Form>
    </Modal>
  );
}
