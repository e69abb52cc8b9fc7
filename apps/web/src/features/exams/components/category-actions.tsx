import { useState } from 'react';
import { Button, Form, Input, Modal, Popconfirm, Space } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SubjectCategory } from '@atrium/contracts';
import { showFieldErrors } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { useCategoryMutations } from '../api';

/**
 * Rename and delete one bank category (issue 15 §1), beside the bank's category filter: rename in
 * a small popup (the server's 400 on the name field), delete after a confirmation that says what
 * becomes of its subjects (the server keeps them in the bank, uncategorised, and random subjects
 * drawing from it draw nothing). Failures show the server's message. `onDeleted` runs once the
 * category is gone (to clear a filter on it).
 */
export function CategoryActions({ courseId, category, onDeleted }: { courseId: number; category: SubjectCategory; onDeleted: () => void }) {
  const { t } = useTranslation('exams');
  const toast = useToast();
  const { remove } = useCategoryMutations(courseId);
  const [isRenaming, setRenaming] = useState(false);
  const deleteCategory = () =>
    remove.mutateAsync(category.id).then(
      () => {
        toast.success(t('bank.categoryDeleted', { name: category.name }));
        onDeleted();
      },
      (error: unknown) => toast.error(error, t('bank.deleteCategoryFailed')),
    );
  return (
    <Space size={0}>
      <Button icon={<EditOutlined />} aria-label={t('bank.renameCategory', { name: category.name })} onClick={() => setRenaming(true)} />
      <Popconfirm
        title={t('bank.deleteCategoryConfirm', { name: category.name })}
        description={category.subject_count > 0 ? t('bank.deleteCategoryHint', { count: category.subject_count }) : t('bank.deleteCategoryEmpty')}
        okText={t('subjects.delete')}
        cancelText={t('form.cancel')}
        okButtonProps={{ danger: true }}
        onConfirm={deleteCategory}
      >
        <Button danger icon={<DeleteOutlined />} aria-label={t('bank.deleteCategory', { name: category.name })} loading={remove.isPending} />
      </Popconfirm>
      {isRenaming && <RenameCategoryModal courseId={courseId} category={category} onClose={() => setRenaming(false)} />}
    </Space>
  );
}

/** The rename popup: the name (required, at most 200 characters), saved with `PUT /api/subject-categories/{id}`. */
function RenameCategoryModal({ courseId, category, onClose }: { courseId: number; category: SubjectCategory; onClose: () => void }) {
  const { t } = useTranslation('exams');
  const toast = useToast();
  const { rename } = useCategoryMutations(courseId);
  const [form] = Form.useForm<{ name: string }>();
  const save = async () => {
    let values: { name: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      await rename.mutateAsync({ id: category.id, name: values.name.trim() });
      toast.success(t('bank.categoryRenamed'));
      onClose();
    } catch (error) {
      const shown = showFieldErrors(form, error, { fields: ['name'] });
      if (shown.fieldErrors.length === 0) toast.error(error, t('bank.renameCategoryFailed'));
    }
  };
  return (
    <Modal
      open
      title={t('bank.renameCategoryTitle')}
      okText={t('form.save')}
      cancelText={t('form.cancel')}
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={rename.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ name: category.name }} name="rename-category" onFinish={() => void save()}>
        <Form.Item
          name="name"
          label={t('bank.categoryName')}
          rules={[{ required: true, whitespace: true, message: t('bank.categoryNameRequired') }, { max: 200 }]}
        >
          <Input maxLength={200} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
