import { useState } from 'react';
import { Button, Card, Col, Flex, Input, Row, Segmented, Select, Statistic, Switch, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Course, CourseListFilter } from '@atrium/contracts';
import { ApiErrorResult } from '../../../components/status-results';
import { useCurrentUser } from '../../auth/api';
import { isOrgAdmin } from '../../auth/lib/roles';
import { useDepartments } from '../../courses/header-api';
import { NewCourseModal } from '../../courses/components/new-course-modal';
import { useCourseCounts, useCourseSettings, useManagedCourses } from '../api';
import { EditCourseModal } from '../components/edit-course-modal';
import { ManagedCourseTable } from '../components/managed-course-table';
import { useToast } from '../../../lib/toast';

/**
 * `/management/course` (spec §2, §7): counts, filters (keyword, academic year,
 * semester, department, published, type), the paged course list with edit,
 * delete, restore, recommend and inspect, and the organisation's course settings for admins.
 */
export function ManagementCoursesPage() {
  const { t } = useTranslation('management');
  const toast = useToast();
  const { data: user } = useCurrentUser();
  const isAdmin = isOrgAdmin(user);
  const [keyword, setKeyword] = useState('');
  const [filter, setFilter] = useState<CourseListFilter>({});
  const [view, setView] = useState<'live' | 'deleted'>('live');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [editing, setEditing] = useState<Course | null>(null);
  const [creating, setCreating] = useState(false);
  const effective: CourseListFilter = { ...filter, ...(keyword ? { keyword } : {}), ...(view === 'deleted' ? { deleted: true } : {}) };
  const list = useManagedCourses(effective, page, pageSize);
  const counts = useCourseCounts();
  const departments = useDepartments(user?.org.id);
  const { query: settings, update } = useCourseSettings();
  const change = (patch: Partial<CourseListFilter>) => {
    setFilter((f) => ({ ...f, ...patch }));
    setPage(1);
  };

  return (
    <section>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={1} style={{ fontSize: 30 }}>
          {t('menu.course')}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
          {t('courses:create.open')}
        </Button>
      </Flex>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {(['total', 'published', 'unpublished', 'unreviewed', 'deleted'] as const).map((key) => (
          <Col key={key} xs={12} md={4}>
            <Card size="small">
              <Statistic title={t(`counts.${key}`)} value={counts.data?.[key] ?? 0} loading={counts.isPending} />
            </Card>
          </Col>
        ))}
      </Row>
      {isAdmin && settings.data && (
        <Card size="small" title={t('settings.title')} style={{ marginBottom: 16 }}>
          <Flex gap={24} wrap>
            {(['need_publish', 'team_teaching', 'management_auth_code'] as const).map((key) => (
              <label key={key} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                <Switch
                  checked={settings.data[key]}
                  loading={update.isPending}
                  onChange={(checked) => update.mutate({ [key]: checked }, { onError: (error) => toast.error(error, t('common:result.error.title')) })}
                />
                {t(`settings.${key}`)}
              </label>
            ))}
          </Flex>
        </Card>
      )}
      <Card>
        <Flex gap={8} wrap style={{ marginBottom: 16 }}>
          <Segmented
            value={view}
            onChange={(v) => {
              setView(v as 'live' | 'deleted');
              setPage(1);
            }}
            options={[
              { value: 'live', label: t('courses.live') },
              { value: 'deleted', label: t('courses.deletedView') },
            ]}
          />
          <Input.Search
            aria-label={t('filters.keyword')}
            placeholder={t('filters.keyword')}
            allowClear
            onSearch={(v) => {
              setKeyword(v.trim());
              setPage(1);
            }}
            style={{ width: 240 }}
          />
          <Input
            aria-label={t('filters.academicYear')}
            placeholder={t('filters.academicYear')}
            allowClear
            style={{ width: 150 }}
            onChange={(e) => change({ academic_year: e.target.value.trim() || undefined })}
          />
          <Input
            aria-label={t('filters.semester')}
            placeholder={t('filters.semester')}
            allowClear
            style={{ width: 130 }}
            onChange={(e) => change({ semester: e.target.value.trim() || undefined })}
          />
          <Select
            aria-label={t('filters.department')}
            placeholder={t('filters.department')}
            allowClear
            style={{ width: 180 }}
            onChange={(v?: number) => change({ department_id: v })}
            options={(departments.data?.departments ?? []).map((d) => ({ value: d.id, label: d.name }))}
          />
          <Select
            aria-label={t('filters.published')}
            placeholder={t('filters.published')}
            allowClear
            style={{ width: 150 }}
            onChange={(v?: 'yes' | 'no') => change({ published: v === undefined ? undefined : v === 'yes' })}
            options={[
              { value: 'yes', label: t('courses.published') },
              { value: 'no', label: t('courses.unpublished') },
            ]}
          />
          <Select
            aria-label={t('filters.type')}
            placeholder={t('filters.type')}
            allowClear
            style={{ width: 140 }}
            onChange={(v?: 'normal' | 'lite') => change({ type: v })}
            options={[
              { value: 'normal', label: t('courses.normal') },
              { value: 'lite', label: t('courses.lite') },
            ]}
          />
        </Flex>
        {list.isError ? (
          <ApiErrorResult error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <ManagedCourseTable
            data={list.data}
            loading={list.isFetching}
            isAdmin={isAdmin}
            deletedView={view === 'deleted'}
            page={page}
            pageSize={pageSize}
            onPage={(p, size) => {
              setPage(size === pageSize ? p : 1);
              setPageSize(size);
            }}
            onEdit={setEditing}
          />
        )}
      </Card>
      <EditCourseModal course={editing} onClose={() => setEditing(null)} />
      <NewCourseModal open={creating} onClose={() => setCreating(false)} />
    </section>
  );
}
