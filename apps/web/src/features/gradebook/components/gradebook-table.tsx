import { useMemo, useState } from 'react';
import { App, Button, Dropdown, Flex, Input, Space, Table, Tag, Typography, Upload, type TableColumnsType } from 'antd';
import { DownloadOutlined, MoreOutlined, SafetyCertificateOutlined, TagsOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS, type GradeItem, type Gradebook, type GradebookRow } from '@atrium/contracts';
import { useToast } from '../../../lib/toast';
import { ApiError } from '../../../lib/api-client';
import { gradebookExportUrl, useGradebookMutations, useImportScores } from '../api';
import { formatScore } from '../lib/format';
import { CategoriesDrawer } from './categories-drawer';
import { CertificateDrawer } from './certificate-drawer';
import { ItemSettingsModal } from './item-settings-modal';
import { ItemTypeIcon } from './item-type-icon';

/** Client page sizes of the gradebook: the app's, then larger classes. */
const PAGE_SIZES = [...PAGE_SIZE_OPTIONS, 200, 500];

/** A column's header: type icon, title, maximum, published tag, and a keyboard-reachable menu (publish / unpublish, settings). */
function ItemHeader({ item, onPublish, onSettings }: { item: GradeItem; onPublish: (isPublished: boolean) => void; onSettings: () => void }) {
  const { t } = useTranslation('gradebook');
  return (
    <Flex gap={4} align="start" justify="space-between" data-testid="grade-item-header">
      <Flex vertical gap={2} style={{ minWidth: 0 }}>
        <Space size={4}>
          <ItemTypeIcon type={item.type} />
          <Typography.Text strong ellipsis={{ tooltip: item.title }} style={{ maxWidth: 150 }}>
            {item.title}
          </Typography.Text>
        </Space>
        <Space size={4} wrap>
          <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
            {t('table.max', { max: formatScore(item.max_score) })}
            {item.weight !== 1 ? ` · ${t('table.weight', { weight: formatScore(item.weight) })}` : ''}
          </Typography.Text>
          {item.published ? (
            <Tag color="success" style={{ marginInlineEnd: 0 }}>
              {t('table.published')}
            </Tag>
          ) : (
            <Tag style={{ marginInlineEnd: 0 }}>{t('table.unpublished')}</Tag>
          )}
        </Space>
      </Flex>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'publish', label: item.published ? t('table.unpublish') : t('table.publish') },
            { key: 'settings', label: t('table.settings') },
          ],
          onClick: ({ key }) => (key === 'publish' ? onPublish(!item.published) : onSettings()),
        }}
      >
        <Button type="text" size="small" icon={<MoreOutlined aria-hidden />} aria-label={t('table.menuOf', { title: item.title })} />
      </Dropdown>
    </Flex>
  );
}

/**
 * The team's gradebook (issue 16 §3; spec §2 `/course/{id}/score`): one row per learner (fixed
 * column, filtered by name or number, paged on the client), one column per graded activity grouped
 * by category, and the course total (%, fixed right). Each column's menu publishes or unpublishes
 * its scores (confirmed) and sets its weight, category and maximum; the categories drawer manages
 * categories; the certificate drawer sets the course's certificate rule and lists those issued; Export downloads the sheet as .xlsx or CSV, and Import takes an edited sheet back
 * (every bad cell listed, nothing written until the sheet is clean).
 */
export function GradebookTable({ courseId, gradebook }: { courseId: number; gradebook: Gradebook }) {
  const { t } = useTranslation('gradebook');
  const { modal } = App.useApp();
  const toast = useToast();
  const { publish, updateItem } = useGradebookMutations(courseId);
  const importSheet = useImportScores(courseId);
  const startImport = (file: File) => {
    importSheet.mutate(file, {
      onSuccess: (result) => toast.success(t('import.done', { updated: result.updated, rows: result.rows })),
      onError: (error) => {
        const lines = error instanceof ApiError ? (error.errors.file ?? []) : [];
        if (lines.length === 0) return toast.error(error, t('import.failed'));
        modal.error({
          title: t('import.refused'),
          width: 560,
          content: (
            <Flex vertical gap={4}>
              <Typography.Text>{t('import.nothingWritten')}</Typography.Text>
              <ul style={{ maxHeight: 320, overflow: 'auto', paddingInlineStart: 20, margin: 0 }} data-testid="import-errors">
                {lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </Flex>
          ),
        });
      },
    });
  };
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<GradeItem | null>(null);
  const [isCategoriesOpen, setCategoriesOpen] = useState(false);
  const [isCertificateOpen, setCertificateOpen] = useState(false);
  const [pagination, setPagination] = useState({ current: 1, pageSize: 50 });

  const confirmPublish = (item: GradeItem, isPublished: boolean) =>
    modal.confirm({
      title: isPublished ? t('table.publishTitle', { title: item.title }) : t('table.unpublishTitle', { title: item.title }),
      content: isPublished ? t('table.publishText') : t('table.unpublishText'),
      okText: isPublished ? t('table.publish') : t('table.unpublish'),
      cancelText: t('actions.cancel'),
      onOk: () =>
        publish.mutateAsync({ activityId: item.activity_id, isPublished }).then(
          () => toast.success(isPublished ? t('table.publishedToast') : t('table.unpublishedToast')),
          (error: unknown) => toast.error(error, t('table.publishFailed')),
        ),
    });

  const columns = useMemo<TableColumnsType<GradebookRow>>(() => {
    const itemColumn = (item: GradeItem) => ({
      key: `item-${item.activity_id}`,
      title: <ItemHeader item={item} onPublish={(isPublished) => confirmPublish(item, isPublished)} onSettings={() => setEditing(item)} />,
      width: 200,
      align: 'right' as const,
      render: (_: unknown, row: GradebookRow) => formatScore(row.scores[String(item.activity_id)]),
    });
    const categorised = gradebook.categories
      .map((category) => ({ category, items: gradebook.items.filter((i) => i.category_id === category.id) }))
      .filter((group) => group.items.length > 0);
    const loose = gradebook.items.filter((i) => i.category_id === null || !gradebook.categories.some((c) => c.id === i.category_id));
    const itemColumns: TableColumnsType<GradebookRow> =
      categorised.length === 0
        ? loose.map(itemColumn)
        : [
            ...categorised.map(({ category, items }) => ({
              key: `category-${category.id}`,
              title: t('table.categoryHeader', { name: category.name, weight: formatScore(category.weight) }),
              children: items.map(itemColumn),
            })),
            ...(loose.length > 0 ? [{ key: 'category-none', title: t('table.uncategorised'), children: loose.map(itemColumn) }] : []),
          ];
    return [
      {
        key: 'learner',
        title: t('table.learner'),
        fixed: 'left',
        width: 200,
        render: (_, row) => (
          <Flex vertical>
            <Typography.Text strong>{row.name}</Typography.Text>
            {row.user_no && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {row.user_no}
              </Typography.Text>
            )}
          </Flex>
        ),
      },
      ...itemColumns,
      {
        key: 'total',
        title: t('table.total'),
        fixed: 'right',
        width: 110,
        align: 'right',
        render: (_, row) => <Typography.Text strong>{row.total === null ? '—' : t('table.percent', { value: formatScore(row.total) })}</Typography.Text>,
      },
    ];
    // confirmPublish reads only stable hooks and state setters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [gradebook, t]);

  const needle = keyword.trim().toLowerCase();
  const rows = needle
    ? gradebook.rows.filter((r) => r.name.toLowerCase().includes(needle) || (r.user_no ?? '').toLowerCase().includes(needle))
    : gradebook.rows;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="gradebook-team">
      <Flex gap={8} wrap justify="space-between">
        <Input.Search
          aria-label={t('table.search')}
          placeholder={t('table.searchPlaceholder')}
          allowClear
          onSearch={(value) => {
            setKeyword(value);
            setPagination((p) => ({ ...p, current: 1 }));
          }}
          onChange={(event) => {
            if (!event.target.value) setKeyword('');
          }}
          style={{ width: 260 }}
        />
        <Space wrap>
          <Button icon={<TagsOutlined aria-hidden />} onClick={() => setCategoriesOpen(true)}>
            {t('categories.manage')}
          </Button>
          <Button icon={<SafetyCertificateOutlined aria-hidden />} onClick={() => setCertificateOpen(true)}>
            {t('certificate.manage')}
          </Button>
          <Button icon={<DownloadOutlined aria-hidden />} href={gradebookExportUrl(courseId, 'xlsx')} download data-testid="export-xlsx">
            {t('export.xlsx')}
          </Button>
          <Button icon={<DownloadOutlined aria-hidden />} href={gradebookExportUrl(courseId, 'csv')} download data-testid="export-csv">
            {t('export.csv')}
          </Button>
          <Upload
            accept=".xlsx,.csv"
            showUploadList={false}
            beforeUpload={(file) => {
              startImport(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined aria-hidden />} loading={importSheet.isPending} title={t('import.hint')} data-testid="import-scores">
              {t('import.button')}
            </Button>
          </Upload>
        </Space>
      </Flex>
      {gradebook.items.length === 0 && <Typography.Text type="secondary">{t('table.noItems')}</Typography.Text>}
      <Table<GradebookRow>
        rowKey="user_id"
        size="middle"
        bordered
        dataSource={rows}
        columns={columns}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: needle ? t('table.noMatch') : t('table.noLearners') }}
        pagination={{
          ...pagination,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: (total) => t('table.learners', { count: total }),
          onChange: (current, pageSize) => setPagination((p) => ({ current: pageSize === p.pageSize ? current : 1, pageSize })),
        }}
      />
      <CategoriesDrawer courseId={courseId} categories={gradebook.categories} open={isCategoriesOpen} onClose={() => setCategoriesOpen(false)} />
      <CertificateDrawer courseId={courseId} items={gradebook.items} open={isCertificateOpen} onClose={() => setCertificateOpen(false)} />
      {editing && (
        <ItemSettingsModal
          item={editing}
          categories={gradebook.categories}
          onSave={(body) => updateItem.mutateAsync({ activityId: editing.activity_id, body })}
          onClose={() => setEditing(null)}
        />
      )}
    </Space>
  );
}
