import { useState } from 'react';
import { Alert, Form, InputNumber, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GradeCategory, GradeItem, UpdateGradeItemBody } from '@atrium/contracts';
import { showFieldErrors } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';

interface ItemValues {
  weight: number;
  category_id: number | null;
  max_score: number;
}

/** One column's gradebook settings (`PUT /api/courses/{courseId}/grade-items/{activityId}`): weight 0–1000 in its category, the category, and the points a full score is worth; 400s on their fields. */
export function ItemSettingsModal({
  item,
  categories,
  onSave,
  onClose,
}: {
  item: GradeItem;
  categories: readonly GradeCategory[];
  onSave: (body: UpdateGradeItemBody) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('gradebook');
  const toast = useToast();
  const [form] = Form.useForm<ItemValues>();
  const [isSaving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const save = async () => {
    let values: ItemValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    setFormError(null);
    try {
      await onSave({ weight: values.weight, category_id: values.category_id ?? null, max_score: values.max_score });
      toast.success(t('item.saved'));
      onClose();
    } catch (error) {
      const shown = showFieldErrors(form, error, { fields: ['weight', 'category_id', 'max_score'] });
      setFormError(shown.fieldErrors.length > 0 ? null : (shown.rest ?? t('item.saveFailed')));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t('item.settingsOf', { title: item.title })}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={isSaving}
      destroyOnHidden
    >
      {formError && <Alert type="error" showIcon role="alert" title={formError} style={{ marginBottom: 12 }} />}
      <Form
        form={form}
        layout="vertical"
        name="grade-item-form"
        initialValues={{ weight: item.weight, category_id: item.category_id, max_score: item.max_score }}
      >
        <Form.Item
          name="weight"
          label={t('item.weight')}
          extra={t('item.weightHint')}
          rules={[{ required: true, type: 'number', min: 0, max: 1000, message: t('item.weightRange') }]}
        >
          <InputNumber min={0} max={1000} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="category_id" label={t('item.category')}>
          <Select
            style={{ maxWidth: 320 }}
            options={[{ value: null, label: t('item.noCategory') }, ...categories.map((c) => ({ value: c.id, label: c.name }))]}
          />
        </Form.Item>
        <Form.Item
          name="max_score"
          label={t('item.maxScore')}
          extra={t('item.maxScoreHint')}
          rules={[{ required: true, type: 'number', min: 0.01, max: 100_000, message: t('item.maxScoreRange') }]}
        >
          <InputNumber min={0.01} max={100_000} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
