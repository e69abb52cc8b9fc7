import { useState } from 'react';
import { Button, Card, Flex, Popconfirm, Select, Space, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS, type CourseRole, type Member } from '@atrium/contracts';
import { ApiErrorResult } from '../../../components/status-results';
import { searchUsers, useCourseRoles, useEnrolmentMutations, useMembers } from '../header-api';
import { CourseGroupsCard } from '../components/course-groups-card';
import { ItriSyncButton } from '../../connectors/components/itri-sync-button';
import { CourseChatCard } from '../../connectors/components/course-chat-card';
import { useCourseContext } from './course-page';
import { useToast } from '../../../lib/toast';

const ROLES: CourseRole[] = ['student', 'instructor_assistant', 'instructor'];

/**
 * `/course/{id}/enrollments` (spec §2, §7): the members with paging (10, 20, 30,
 * 50, 100), a role filter, and for those who may enrol: add users, change the
 * role of the selected members, remove them, sync them from ITRI (ItriSyncButton); below, the
 * course's DingTalk group (CourseChatCard, while the chat group toggle is on) and its groups (CourseGroupsCard).
 */
export function CourseEnrollmentsPage() {
  const { t } = useTranslation('courses');
  const toast = useToast();
  const course = useCourseContext();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZE_OPTIONS[0]);
  const [role, setRole] = useState<CourseRole>();
  const [selected, setSelected] = useState<number[]>([]);
  const [keywords, setKeywords] = useState('');
  const [toAdd, setToAdd] = useState<number[]>([]);
  const [addRole, setAddRole] = useState<CourseRole>('student');
  const members = useMembers(course.id, page, pageSize, role);
  const roles = useCourseRoles(course.id);
  const canEnrol = (roles.data?.assignable_roles.length ?? 0) > 0;
  const { add, changeRole, remove } = useEnrolmentMutations(course.id);
  const candidates = useQuery({
    queryKey: ['users', 'search', 'enrol', keywords],
    queryFn: () => searchUsers({ keywords }),
    enabled: canEnrol && keywords.length > 0,
  });
  const fail = (error: unknown) => toast.error(error, t('common:result.error.title'));

  if (members.isError) return <ApiErrorResult error={members.error} onRetry={() => void members.refetch()} />;
  return (
    <>
      <Card
        title={
          <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
            {t('members.title')}
          </Typography.Title>
        }
        extra={roles.data?.assignable_roles.includes('instructor') ? <ItriSyncButton courseId={course.id} /> : null}
      >
        {canEnrol && (
          <Flex gap={8} wrap style={{ marginBottom: 16 }}>
            <Select
              aria-label={t('members.addUsers')}
              mode="multiple"
              style={{ minWidth: 280, flex: 1 }}
              placeholder={t('members.searchPlaceholder')}
              showSearch={{ filterOption: false, onSearch: setKeywords }}
              value={toAdd}
              onChange={setToAdd}
              loading={candidates.isFetching}
              options={(candidates.data?.users ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.user_no})` }))}
            />
            <Select
              aria-label={t('members.role')}
              value={addRole}
              onChange={setAddRole}
              options={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
              style={{ width: 200 }}
            />
            <Button
              type="primary"
              disabled={toAdd.length === 0}
              loading={add.isPending}
              onClick={() => add.mutate({ user_ids: toAdd, role: addRole }, { onSuccess: () => setToAdd([]), onError: fail })}
            >
              {t('members.add')}
            </Button>
          </Flex>
        )}
        <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
          <Select
            aria-label={t('members.filter')}
            allowClear
            placeholder={t('members.allRoles')}
            value={role}
            onChange={(value?: CourseRole) => {
              setRole(value);
              setPage(1);
            }}
            options={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
            style={{ width: 220 }}
          />
          {canEnrol && selected.length > 0 && (
            <Space>
              <Select
                aria-label={t('members.changeRole')}
                placeholder={t('members.changeRole')}
                style={{ width: 220 }}
                value={null}
                onChange={(value: CourseRole) =>
                  changeRole.mutate({ enrollment_ids: selected, role: value }, { onSuccess: () => setSelected([]), onError: fail })
                }
                options={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
              />
              <Popconfirm
                title={t('members.removeConfirm', { count: selected.length })}
                onConfirm={() => remove.mutate({ enrollment_ids: selected }, { onSuccess: () => setSelected([]), onError: fail })}
              >
                <Button danger loading={remove.isPending}>
                  {t('members.remove')}
                </Button>
              </Popconfirm>
            </Space>
          )}
        </Flex>
        <Table<Member>
          rowKey="enrollment_id"
          loading={members.isFetching}
          dataSource={members.data?.items ?? []}
          rowSelection={canEnrol ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) } : undefined}
          locale={{ emptyText: t('members.empty') }}
          columns={[
            { title: t('members.name'), render: (_, m) => m.user.name },
            { title: t('members.userNo'), render: (_, m) => m.user.user_no },
            { title: t('members.email'), render: (_, m) => m.user.email ?? '—' },
            { title: t('members.role'), render: (_, m) => t(`roles.${m.role}`) },
          ]}
          pagination={{
            current: page,
            pageSize,
            total: members.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
            onChange: (p, size) => {
              setPage(size === pageSize ? p : 1);
              setPageSize(size);
            },
          }}
        />
      </Card>
      <CourseChatCard courseId={course.id} canManage={canEnrol} />
      <CourseGroupsCard courseId={course.id} canEdit={canEnrol && roles.data?.assignable_roles.includes('instructor') === true} />
    </>
  );
}
