import { Button, Empty, Flex, Input, Table, Typography } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PAGE_SIZE_OPTIONS, type LearningStudent } from '@atrium/contracts';
import { ApiErrorResult } from '../../../components/status-results';
import { learningExportUrl, useLearningStudents, type LearningStudentSort, type LearningStudentsParams } from '../api';
import { useLearningFormat } from '../hooks/use-learning-format';
import { learningHash } from '../lib/learning-hash';
import { NoValue } from './headline-figures';
import { LoadingBlock } from './loading-block';

const DEFAULT_SORT: Pick<LearningStudentsParams, 'sort' | 'order'> = { sort: 'name', order: 'asc' };

/** The table's first view: page 1 of 20, by name A–Z, no search (the contract's defaults). */
export const DEFAULT_STUDENTS_PARAMS: LearningStudentsParams = { page: 1, pageSize: PAGE_SIZE_OPTIONS[1], ...DEFAULT_SORT };

/**
 * The students table of a course (issue 25 item 3): `GET /api/stat/courses/{courseId}/learning/students`,
 * paged, sorted (by the contract's keys: name, completion rate, last active, video coverage, score rate,
 * forum posts) and searched (name or user number) by the server; each name opens the student's page
 * (`#/{courseId}/students/{userId}`). Above, the export of the rows the search keeps, in the table's order, as CSV or XLSX. The page,
 * sort and search are the caller's (`params`), so coming back from a student finds the table as it was.
 */
export function StudentsTable({
  courseId,
  params,
  onParamsChange,
}: {
  courseId: number;
  params: LearningStudentsParams;
  onParamsChange: (update: (current: LearningStudentsParams) => LearningStudentsParams) => void;
}) {
  const { t } = useTranslation('learningStats');
  const format = useLearningFormat();
  const setParams = onParamsChange;
  const students = useLearningStudents(courseId, params);

  const sortOrder = (key: LearningStudentSort): SortOrder => (params.sort === key ? (params.order === 'asc' ? 'ascend' : 'descend') : null);
  const rate = (value: number | null) => (value === null ? <NoValue /> : format.rate(value));
  const search = (keyword: string) =>
    setParams((current) => (current.keyword === (keyword.trim() || undefined) ? current : { ...current, page: 1, keyword: keyword.trim() || undefined }));

  const toolbar = (
    <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
      <Input.Search
        aria-label={t('students.search')}
        placeholder={t('students.searchPlaceholder')}
        allowClear
        style={{ width: 300, maxWidth: '100%' }}
        onSearch={search}
        onChange={(event) => {
          if (!event.target.value) search('');
        }}
        data-testid="learning-students-search"
      />
      <Flex gap={8} wrap>
        <Button icon={<DownloadOutlined aria-hidden />} href={learningExportUrl(courseId, 'xlsx', params)} download data-testid="learning-export-xlsx">
          {t('students.exportXlsx')}
        </Button>
        <Button icon={<DownloadOutlined aria-hidden />} href={learningExportUrl(courseId, 'csv', params)} download data-testid="learning-export-csv">
          {t('students.exportCsv')}
        </Button>
      </Flex>
    </Flex>
  );

  if (students.isError) {
    return (
      <>
        {toolbar}
        <ApiErrorResult error={students.error} onRetry={() => void students.refetch()} />
      </>
    );
  }
  if (students.isPending) {
    return (
      <>
        {toolbar}
        <LoadingBlock label={t('students.loading')} testId="learning-students-loading" />
      </>
    );
  }
  const data = students.data;
  return (
    <>
      {toolbar}
      <Table<LearningStudent>
        rowKey="user_id"
        aria-label={t('students.title')}
        dataSource={data.items}
        loading={students.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={params.keyword ? t('students.noMatch') : t('students.empty')}
              data-testid="learning-students-empty"
            />
          ),
        }}
        onChange={(pagination, _filters, sorter, extra) => {
          if (extra.action === 'sort') {
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            const key = one?.columnKey as LearningStudentSort | undefined;
            setParams((current) => ({
              ...current,
              page: 1,
              ...(key && one?.order ? { sort: key, order: one.order === 'ascend' ? 'asc' : 'desc' } : DEFAULT_SORT),
            }));
            return;
          }
          const size = pagination.pageSize ?? params.pageSize;
          setParams((current) => ({ ...current, page: size === current.pageSize ? (pagination.current ?? 1) : 1, pageSize: size }));
        }}
        columns={[
          {
            key: 'name',
            title: t('students.name'),
            sorter: true,
            sortOrder: sortOrder('name'),
            render: (_, student) => (
              <>
                <Link to={{ hash: learningHash(courseId, { tab: 'student', userId: student.user_id }) }}>{student.name}</Link>
                {student.user_no && (
                  <>
                    <br />
                    <Typography.Text type="secondary">{student.user_no}</Typography.Text>
                  </>
                )}
              </>
            ),
          },
          {
            key: 'completion_rate',
            title: t('students.completion'),
            sorter: true,
            sortOrder: sortOrder('completion_rate'),
            align: 'right',
            render: (_, student) => (
              <>
                {format.rate(student.completion_rate)}
                <br />
                <Typography.Text type="secondary">{t('students.completed', { count: student.completed_count })}</Typography.Text>
              </>
            ),
          },
          {
            key: 'last_active_at',
            title: t('students.lastActive'),
            sorter: true,
            sortOrder: sortOrder('last_active_at'),
            render: (_, student) =>
              student.last_active_at ? (
                <time dateTime={student.last_active_at}>{format.instant(student.last_active_at)}</time>
              ) : (
                <Typography.Text type="secondary">{t('students.never')}</Typography.Text>
              ),
          },
          {
            key: 'video_coverage',
            title: t('students.videoCoverage'),
            sorter: true,
            sortOrder: sortOrder('video_coverage'),
            align: 'right',
            render: (_, student) => rate(student.video_coverage),
          },
          {
            key: 'score_rate',
            title: t('students.scoreRate'),
            sorter: true,
            sortOrder: sortOrder('score_rate'),
            align: 'right',
            render: (_, student) => rate(student.score_rate),
          },
          {
            key: 'forum_posts',
            title: t('students.forumPosts'),
            sorter: true,
            sortOrder: sortOrder('forum_posts'),
            align: 'right',
            render: (_, student) => format.number(student.forum_posts),
          },
        ]}
        pagination={{
          current: data.page,
          pageSize: data.page_size,
          total: data.total,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
          showTotal: (total) => t('students.total', { count: total }),
        }}
      />
    </>
  );
}
