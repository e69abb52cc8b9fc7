import { useState } from 'react';
import { Button, Divider, Flex, Input, Select } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../lib/toast';
import { useCreateCategory, useSubjectCategories } from '../api';

/**
 * A bank category of the course (antd form control, value the category id or null): the
 * categories with how many subjects each holds (`GET /api/courses/{id}/subject-categories`), and
 * below the list a field to add a new one (`POST`), chosen once added. `allowClear` for filters
 * and uncategorised bank subjects.
 */
export function CategorySelect({
  courseId,
  value,
  onChange,
  id,
  allowClear,
  placeholder,
  style,
  'aria-label': ariaLabel,
}: {
  courseId: number;
  value?: number | null;
  onChange?: (value: number | null) => void;
  id?: string;
  allowClear?: boolean;
  placeholder?: string;
  style?: React.CSSProperties;
  'aria-label'?: string;
}) {
  const { t } = useTranslation('exams');
  const toast = useToast();
  const categories = useSubjectCategories(courseId);
  const create = useCreateCategory(courseId);
  const [name, setName] = useState('');
  const add = () => {
    const trimmed = name.trim();
    if (!trimmed) return;
    create.mutate(trimmed, {
      onSuccess: (category) => {
        setName('');
        onChange?.(category.id);
      },
      onError: (error) => toast.error(error, t('bank.categoryFailed')),
    });
  };
  return (
    <Select<number | null>
      id={id}
      aria-label={ariaLabel}
      value={value ?? null}
      onChange={(next) => onChange?.(next ?? null)}
      allowClear={allowClear}
      placeholder={placeholder ?? t('bank.chooseCategory')}
      loading={categories.isPending}
      showSearch
      optionFilterProp="label"
      style={{ width: '100%', maxWidth: 320, ...style }}
      options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name, title: t('bank.categoryCount', { name: c.name, count: c.subject_count }) }))}
      notFoundContent={t('bank.noCategories')}
      popupRender={(menu) => (
        <>
          {menu}
          <Divider style={{ margin: '8px 0' }} />
          <Flex gap={8} style={{ padding: '0 8px 4px' }}>
            <Input
              value={name}
              onChange={(e) => setName(e.target.value)}
              onKeyDown={(e) => {
                e.stopPropagation();
                if (e.key === 'Enter') {
                  e.preventDefault();
                  add();
                }
              }}
              placeholder={t('bank.newCategory')}
              aria-label={t('bank.newCategory')}
              maxLength={200}
            />
            <Button icon={<PlusOutlined />} onClick={add} loading={create.isPending} disabled={!name.trim()}>
              {t('bank.addCategory')}
            </Button>
          </Flex>
        </>
      )}
    />
  );
}
