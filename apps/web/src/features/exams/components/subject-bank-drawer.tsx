import { useState } from 'react';
import { Button, Drawer, Dropdown, Flex, Input, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, DownOutlined, EditOutlined, PlusOutlined, VerticalAlignBottomOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS, type Subject, type SubjectType } from '@atrium/contracts';
import { ApiErrorResult } from '../../../components/status-results';
import { useToast } from '../../../lib/toast';
import { useAddFromBank, useBank, useBankMutations, useSubjectCategories } from '../api';
import { plainText } from '../lib/answers';
import { BANK_SUBJECT_TYPES } from '../lib/subject-types';
import { formatPoints } from './attempt-result';
import { CategoryActions } from './category-actions';
import { CategorySelect } from './category-select';
import { SubjectFormModal } from './subject-form-modal';
import { SubjectKeySummary } from './subject-key-summary';
import { SubjectText } from './subject-text';

type Popup = { subject: Subject | null; type: SubjectType };
const EXCERPT_LENGTH = 120;

/**
 * The course's subject bank for the team (issue 15 §1), in a drawer: its subjects paged by the
 * server and filtered by category, type and text (`GET /api/courses/{id}/subjects`), each
 * expandable to its text and key; add (by type, filed in the category being shown), edit and
 * delete (confirmed) bank subjects; new categories from the category select, and the chosen one
 * renamed or deleted (CategoryActions). With `activityId`,
 * ticked subjects are copied into that exam (`POST /api/exams/{id}/subjects/from-bank`).
 */
export function SubjectBankDrawer({ courseId, activityId, open, onClose }: { courseId: number; activityId?: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('exams');
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZE_OPTIONS[1] ?? 20);
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [type, setType] = useState<SubjectType>();
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [popup, setPopup] = useState<Popup | null>(null);
  const bank = useBank(
    courseId,
    {
      page,
      page_size: pageSize,
      ...(categoryId ? { category_id: categoryId } : {}),
      ...(type ? { type } : {}),
      ...(keyword ? { keyword } : {}),
    },
    { enabled: open },
  );
  const categories = useSubjectCategories(courseId, { enabled: open });
  const { create, update, remove } = useBankMutations(courseId);
  const addFromBank = useAddFromBank(activityId ?? 0);
  const categoryName = new Map((categories.data ?? []).map((c) => [c.id, c.name]));
  const chosenCategory = categories.data?.find((c) => c.id === categoryId);

  const addToExam = () =>
    addFromBank.mutate(selected, {
      onSuccess: (answer) => {
        toast.success(t('bank.added', { count: answer.subjects.length }));
        setSelected([]);
      },
      onError: (error) => toast.error(error, t('bank.addFailed')),
    });
  const filterChanged = () => {
    setPage(1);
    setSelected([]);
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('bank.title')}
      size={980}
      destroyOnHidden
      data-testid="subject-bank"
      extra={
        <Dropdown
          menu={{
            items: BANK_SUBJECT_TYPES.map((value) => ({ key: value, label: t(`types.${value}`) })),
            onClick: ({ key }) => setPopup({ subject: null, type: key as SubjectType }),
          }}
          trigger={['click']}
        >
          <Button icon={<PlusOutlined />}>
            {t('bank.add')} <DownOutlined />
          </Button>
        </Dropdown>
      }
      footer={
        activityId ? (
          <Flex justify="space-between" align="center" gap={8} wrap>
            <Typography.Text type="secondary">{t('bank.selected', { count: selected.length })}</Typography.Text>
            <Button type="primary" icon={<VerticalAlignBottomOutlined />} disabled={selected.length === 0} loading={addFromBank.isPending} onClick={addToExam}>
              {t('bank.addToExam', { count: selected.length })}
            </Button>
          </Flex>
        ) : null
      }
    >
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <CategorySelect
          courseId={courseId}
          value={categoryId}
          onChange={(value) => {
            setCategoryId(value);
            filterChanged();
          }}
          allowClear
          placeholder={t('bank.allCategories')}
          aria-label={t('bank.category')}
          style={{ width: 240 }}
        />
        {chosenCategory && (
          <CategoryActions
            courseId={courseId}
            category={chosenCategory}
            onDeleted={() => {
              setCategoryId(null);
              filterChanged();
            }}
          />
        )}
        <Select<SubjectType>
          aria-label={t('bank.type')}
          allowClear
          placeholder={t('bank.allTypes')}
          value={type}
          onChange={(value) => {
            setType(value);
            filterChanged();
          }}
          options={BANK_SUBJECT_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
          style={{ width: 200 }}
        />
        <Input.Search
          aria-label={t('bank.search')}
          placeholder={t('bank.searchPlaceholder')}
          allowClear
          maxLength={100}
          onSearch={(value) => {
            setKeyword(value.trim());
            filterChanged();
          }}
          style={{ width: 260 }}
        />
      </Flex>
      {bank.isError ? (
        <ApiErrorResult error={bank.error} onRetry={() => void bank.refetch()} />
      ) : (
        <Table<Subject>
          rowKey="id"
          size="middle"
          loading={bank.isFetching}
          dataSource={bank.data?.items ?? []}
          locale={{ emptyText: categoryId || type || keyword ? t('bank.noMatch') : t('bank.empty') }}
          scroll={{ x: 'max-content' }}
          rowSelection={
            activityId
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys.map(Number)),
                  preserveSelectedRowKeys: true,
                  getCheckboxProps: (subject) => ({ 'aria-label': t('bank.pick', { text: excerptOf(subject) || t(`types.${subject.type}`) }) }),
                }
              : undefined
          }
          expandable={{
            expandedRowRender: (subject) => (
              <Space orientation="vertical" style={{ width: '100%' }} size={4}>
                {subject.description ? <SubjectText subject={subject} /> : null}
                <SubjectKeySummary subject={subject} />
              </Space>
            ),
          }}
          columns={[
            { key: 'type', title: t('bank.type'), render: (_, subject) => <Tag color="blue">{t(`types.${subject.type}`)}</Tag> },
            {
              key: 'text',
              title: t('bank.text'),
              render: (_, subject) => (
                <Typography.Text style={{ maxWidth: 420, display: 'inline-block' }} data-testid="bank-subject-text">
                  {excerptOf(subject) || <Typography.Text type="secondary">{t('subjects.noText')}</Typography.Text>}
                </Typography.Text>
              ),
            },
            {
              key: 'category',
              title: t('bank.category'),
              render: (_, subject) =>
                subject.category_id ? (
                  (categoryName.get(subject.category_id) ?? '—')
                ) : (
                  <Typography.Text type="secondary">{t('bank.uncategorised')}</Typography.Text>
                ),
            },
            { key: 'score', title: t('form.score'), render: (_, subject) => (subject.type === 'description' ? '—' : formatPoints(subject.score)) },
            {
              key: 'actions',
              title: t('scores.actions'),
              fixed: 'right',
              render: (_, subject) => (
                <Space size={0}>
                  <Button
                    type="link"
                    icon={<EditOutlined />}
                    aria-label={t('bank.editOne', { text: excerptOf(subject) || t(`types.${subject.type}`) })}
                    onClick={() => setPopup({ subject, type: subject.type })}
                  />
                  <Popconfirm
                    title={t('bank.deleteConfirm')}
                    description={t('bank.deleteHint')}
                    okText={t('subjects.delete')}
                    cancelText={t('form.cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove.mutateAsync(subject.id).catch((error: unknown) => toast.error(error, t('subjects.deleteFailed')))}
                  >
                    <Button
                      type="link"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('bank.deleteOne', { text: excerptOf(subject) || t(`types.${subject.type}`) })}
                    />
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
          pagination={{
            current: page,
            pageSize,
            total: bank.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
            onChange: (p, size) => {
              setPage(size === pageSize ? p : 1);
              setPageSize(size);
            },
          }}
        />
      )}
      {popup && (
        <SubjectFormModal
          courseId={courseId}
          mode="bank"
          subject={popup.subject}
          type={popup.type}
          defaultCategoryId={categoryId}
          onSubmit={(body) => (popup.subject ? update.mutateAsync({ id: popup.subject.id, body }) : create.mutateAsync(body))}
          onClose={() => setPopup(null)}
        />
      )}
    </Drawer>
  );
}

/** A subject's text as a one-line excerpt (plain text, fill-in-blank markers kept as written). */
function excerptOf(subject: Subject): string {
  const text = plainText(subject.description);
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text;
}
