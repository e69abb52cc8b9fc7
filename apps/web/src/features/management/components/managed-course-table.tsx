import { Button, Popconfirm, Space, Switch, Table, Tag } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS, type Course, type CoursePage } from '@atrium/contracts';
import { serverMessageOf } from '../../../lib/api-client';
import { courseTerm, courseTitle } from '../../courses/lib/course-display';
import { useCourseAdminActions } from '../api';
import { useToast } from '../../../lib/toast';

/** The management course table: title, code, term, department, instructors, state tags and the row actions the user may take. */
export function ManagedCourseTable(props: {
  data: CoursePage | undefined;
  loading: boolean;
  isAdmin: boolean;
  deletedView: boolean;
  auditView?: boolean;
  page: number;
  pageSize: number;
  onPage: (page: number, pageSize: number) => void;
  onEdit?: (course: Course) => void;
}) {
  const { t } = useTranslation('management');
  const toast = useToast();
  const navigate = useNavigate();
  const actions = useCourseAdminActions();
  const fail = (error: unknown) => toast.error(error, t('common:result.error.title'));

  return (
    <Table<Course>
      rowKey="id"
      loading={props.loading}
      dataSource={props.data?.items ?? []}
      locale={{ emptyText: t('courses.empty') }}
      scroll={{ x: 900 }}
      columns={[
        { title: t('courses.name'), render: (_, c) => (props.deletedView ? courseTitle(c) : <Link to={`/course/${c.id}`}>{courseTitle(c)}</Link>) },
        { title: t('courses.code'), dataIndex: 'course_code' },
        { title: t('courses.term'), render: (_, c) => courseTerm(c) || '—' },
        { title: t('courses.department'), render: (_, c) => c.department?.name ?? '—' },
        { title: t('courses.instructors'), dataIndex: 'instructors_names' },
        {
          title: t('courses.state'),
          render: (_, c) => (
            <Space size={4} wrap>
              <Tag color={c.course_attributes.published ? 'green' : 'default'}>
                {c.course_attributes.published ? t('courses.published') : t('courses.unpublished')}
              </Tag>
              {c.lite && <Tag color="purple">{t('courses.lite')}</Tag>}
              <Tag color={c.course_attributes.data.review_status === 'reviewed' ? 'blue' : 'orange'}>
                {t(`courses.${c.course_attributes.data.review_status}`)}
              </Tag>
              {c.recommended && <Tag color="gold">{t('courses.recommended')}</Tag>}
            </Space>
          ),
        },
        {
          title: t('courses.actions'),
          render: (_, c) =>
            props.deletedView ? (
              props.isAdmin && (
                <Button size="small" loading={actions.restore.isPending} onClick={() => actions.restore.mutate(c.id, { onError: fail })}>
                  {t('courses.restore')}
                </Button>
              )
            ) : props.auditView ? (
              <Switch
                aria-label={t('courses.reviewed')}
                checked={c.course_attributes.data.review_status === 'reviewed'}
                onChange={(checked) =>
                  actions.review.mutate(
                    { id: c.id, type: checked ? 'reviewed' : 'unreviewed' },
                    { onError: (error) => toast.warning(serverMessageOf(error) ?? t('common:result.error.title')) },
                  )
                }
              />
            ) : (
              <Space size={4} wrap>
                {props.onEdit && (
                  <Button size="small" onClick={() => props.onEdit?.(c)}>
                    {t('courses.edit')}
                  </Button>
                )}
                {props.isAdmin && (
                  <Button size="small" onClick={() => actions.recommend.mutate({ id: c.id, recommended: !c.recommended }, { onError: fail })}>
                    {c.recommended ? t('courses.unrecommend') : t('courses.recommend')}
                  </Button>
                )}
                {props.isAdmin && (
                  <Button size="small" onClick={() => actions.inspect.mutate(c.id, { onSuccess: () => void navigate(`/course/${c.id}`), onError: fail })}>
                    {t('courses.inspect')}
                  </Button>
                )}
                <Popconfirm title={t('courses.deleteConfirm')} onConfirm={() => actions.remove.mutate(c.id, { onError: fail })}>
                  <Button size="small" danger>
                    {t('courses.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
        },
      ]}
      pagination={{
        current: props.page,
        pageSize: props.pageSize,
        total: props.data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
        onChange: props.onPage,
      }}
    />
  );
}
