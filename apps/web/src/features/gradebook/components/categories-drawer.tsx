import { useState } from 'react';
import { Button, Drawer, Empty, Flex, Form, Input, InputNumber, List, Popconfirm, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { GradeCategory, GradeCategoryBody } from '@atrium/contracts';
import { showFieldErrors } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { useGradebookMutations } from '../api';

/** One category's name and weight form: save (rename / reweight) and delete, or add when `category` is absent. */
function CategoryForm({ courseId, category, share }: { courseId: number; category?: GradeCategory; share?: number }) {
  const { t } = useTranslation('gradebook');
  const toast = useToast();
  const [form] = Form.useForm<GradeCategoryBody>();
  const { createCategory, updateCategory, removeCategory } = useGradebookMutations(courseId);
  const [isSaving, setSaving] = useState(false);
  const save = async (values: GradeCategoryBody) => {
    setSaving(true);
    try {
      if (category) await updateCategory.mutateAsync({ id: category.id, body: values });
      else {
        await createCategory.mutateAsync(values);
        form.resetFields();
      }
      toast.success(category ? t('categories.saved') : t('categories.added'));
    } catch (error) {
      const shown = showFieldErrors(form, error, { fields: ['name', 'weight'] });
      if (shown.fieldErrors.length === 0) toast.error(error, t('categories.saveFailed'));
    } finally {
      setSaving(false);
    }
  };
  const label = category?.name ?? t('categories.new');
  return (
    <Form
      form={form}
      layout="inline"
      name={category ? `grade-category-${category.id}` : 'grade-category-new'}
      initialValues={category ? { name: category.name, weight: category.weight } : { name: '', weight: 1 }}
      onFinish={(values) => void save(values)}
      style={{ rowGap: 8, width: '100%' }}
    >
      <Form.Item name="name" rules={[{ required: true, whitespace: true, message: t('categories.nameRequired') }, { max: 100 }]} style={{ flex: '1 1 180px' }}>
        <Input aria-label={t('categories.nameOf', { name: label })} placeholder={t('categories.name')} maxLength={100} />
      </Form.Item>
      <Form.Item name="weight" rules={[{ required: true, type: 'number', min: 0, max: 1000, message: t('categories.weightRange') }]}>
        <InputNumber aria-label={t('categories.weightOf', { name: label })} min={0} max={1000} style={{ width: 110 }} placeholder={t('categories.weight')} />
      </Form.Item>
      {share !== undefined && (
        <Typography.Text type="secondary" style={{ alignSelf: 'center', marginInlineEnd: 8 }}>
          {t('categories.share', { percent: share })}
        </Typography.Text>
      )}
      <Button
        htmlType="submit"
        type={category ? 'default' : 'primary'}
        icon={category ? <SaveOutlined aria-hidden /> : <PlusOutlined aria-hidden />}
        loading={isSaving}
        aria-label={category ? t('categories.saveOf', { name: label }) : undefined}
      >
        {category ? t('actions.save') : t('categories.add')}
      </Button>
      {category && (
        <Popconfirm
          title={t('categories.deleteTitle', { name: category.name })}
          description={t('categories.deleteText')}
          okText={t('actions.delete')}
          cancelText={t('actions.cancel')}
          onConfirm={() =>
            removeCategory.mutateAsync(category.id).then(
              () => toast.success(t('categories.deleted')),
              (error: unknown) => toast.error(error),
            )
          }
        >
          <Button
            danger
            type="text"
            icon={<DeleteOutlined aria-hidden />}
            aria-label={t('categories.deleteOf', { name: category.name })}
            style={{ marginInlineStart: 4 }}
          />
        </Popconfirm>
      )}
    </Form>
  );
}

/** The gradebook's weighted categories (issue 16 §3): each one's share of the course total, rename, reweight, delete (its items keep no category), and add. */
export function CategoriesDrawer({
  courseId,
  categories,
  open,
  onClose,
}: {
  courseId: number;
  categories: readonly GradeCategory[];
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('gradebook');
  const total = categories.reduce((sum, c) => sum + c.weight, 0);
  return (
    <Drawer open={open} onClose={onClose} title={t('categories.title')} size="large" data-testid="grade-categories-drawer">
      <Typography.Paragraph type="secondary">{t('categories.intro')}</Typography.Paragraph>
      {categories.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('categories.empty')} />
      ) : (
        <List
          dataSource={[...categories]}
          rowKey="id"
          renderItem={(category) => (
            <List.Item key={`${category.id}-${category.name}-${category.weight}`}>
              <CategoryForm courseId={courseId} category={category} share={total > 0 ? Math.round((category.weight / total) * 1000) / 10 : 0} />
            </List.Item>
          )}
        />
      )}
      <Flex vertical gap={8} style={{ marginTop: 24 }}>
        <Typography.Text strong>{t('categories.addTitle')}</Typography.Text>
        <CategoryForm courseId={courseId} />
      </Flex>
    </Drawer>
  );
}
