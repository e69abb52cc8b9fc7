import { useEffect, useState } from 'react';
import { App, Badge, Button, Card, Drawer, Empty, Flex, Input, Pagination, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { CheckOutlined, DeleteOutlined, EditOutlined, PlusOutlined, PushpinOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS, type Bulletin, type BulletinType } from '@atrium/contracts';
import { ApiErrorResult } from '../../../components/status-results';
import { useToast } from '../../../lib/toast';
import { useCurrentUser } from '../../auth/api';
import { useCourse } from '../../courses/api';
import { canTeach, courseTitle } from '../../courses/lib/course-display';
import { formatInZone, useUserZone } from '../../gradebook/hooks/use-user-zone';
import { useBulletin, useBulletinList, useDeleteBulletin, useMarkAllBulletinsRead, useMarkBulletinRead, type BulletinListQuery } from '../api';
import { BulletinComposeDrawer } from '../components/bulletin-compose-drawer';
import { BulletinContent } from '../components/bulletin-content';
import { isBulletinAdmin } from '../lib/roles';

const DEFAULT_PAGE_SIZE = 10;

function positiveInt(value: string | null): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** The page's state in the address (spec §2 `/bulletin-list/?type=org|course&bulletin_id=`; also `course_id`, `keyword`, `page`, `page_size`). */
function useBulletinParams() {
  const [params, setParams] = useSearchParams();
  const type: BulletinType = params.get('type') === 'course' ? 'course' : 'org';
  const pageSize = positiveInt(params.get('page_size'));
  const state = {
    type,
    courseId: type === 'course' ? positiveInt(params.get('course_id')) : undefined,
    bulletinId: positiveInt(params.get('bulletin_id')) ?? null,
    keyword: params.get('keyword') ?? '',
    page: positiveInt(params.get('page')) ?? 1,
    pageSize: pageSize && (PAGE_SIZE_OPTIONS as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
  const update = (patch: Partial<Record<'type' | 'course_id' | 'bulletin_id' | 'keyword' | 'page' | 'page_size', string | null>>, replace = true) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) {
          if (value === null || value === undefined || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace },
    );
  return { ...state, update };
}

/** One row: unread mark, title (opens it), pinned tag, course, author and publish time. */
function BulletinRow({ bulletin, isOpen, onOpen }: { bulletin: Bulletin; isOpen: boolean; onOpen: () => void }) {
  const { t } = useTranslation('bulletins');
  const zone = useUserZone();
  return (
    <li
      id={`bulletin-${bulletin.id}`}
      data-testid="bulletin-row"
      data-unread={!bulletin.is_read}
      aria-current={isOpen || undefined}
      className="atrium-bulletin-row"
    >
      <Flex gap={12} align="flex-start" style={{ padding: '12px 4px', borderBottom: '1px solid #f0f0f0', background: isOpen ? '#f0f7ff' : undefined }}>
        <Badge status={bulletin.is_read ? 'default' : 'processing'} style={{ visibility: bulletin.is_read ? 'hidden' : 'visible', marginTop: 6 }} />
        <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Space size={8} wrap>
            {bulletin.is_pinned && (
              <Tag icon={<PushpinOutlined aria-hidden />} color="gold">
                {t('pinned')}
              </Tag>
            )}
            {!bulletin.is_read && <Tag color="blue">{t('unread')}</Tag>}
            {!bulletin.is_published && <Tag color="purple">{t('scheduled')}</Tag>}
            <Button
              type="link"
              onClick={onOpen}
              style={{ padding: 0, height: 'auto', fontWeight: bulletin.is_read ? 'normal' : 600, whiteSpace: 'normal', textAlign: 'left' }}
            >
              {bulletin.title}
            </Button>
          </Space>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {[bulletin.course_name, bulletin.author?.name, formatInZone(bulletin.publish_at, zone, 'YYYY-MM-DD HH:mm')].filter(Boolean).join(' · ')}
            {bulletin.attachments.length > 0 && ` · ${t('attachmentCount', { count: bulletin.attachments.length })}`}
          </Typography.Text>
        </Flex>
      </Flex>
    </li>
  );
}

/** The opened bulletin (`bulletin_id`): read from the server, marked read once shown; its author's side can edit or delete it. */
function BulletinDrawer({ id, onClose, onEdit }: { id: number | null; onClose: () => void; onEdit: (bulletin: Bulletin) => void }) {
  const { t } = useTranslation('bulletins');
  const toast = useToast();
  const { modal } = App.useApp();
  const bulletin = useBulletin(id);
  const { mutate: markRead } = useMarkBulletinRead();
  const remove = useDeleteBulletin();
  const { data: user } = useCurrentUser();
  const course = useCourse(bulletin.data?.type === 'course' ? (bulletin.data.course_id ?? 0) : 0);
  const canManage = bulletin.data ? (bulletin.data.type === 'org' ? isBulletinAdmin(user) : Boolean(course.data && canTeach(course.data))) : false;
  const unreadId = bulletin.data && !bulletin.data.is_read ? bulletin.data.id : null;

  useEffect(() => {
    if (unreadId) markRead(unreadId);
  }, [unreadId, markRead]);

  const onDelete = (target: Bulletin) =>
    modal.confirm({
      title: t('delete.title'),
      content: t('delete.text', { title: target.title }),
      okText: t('delete.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common:action.cancel'),
      onOk: () =>
        remove.mutateAsync(target.id).then(
          () => {
            toast.success(t('delete.done'));
            onClose();
          },
          (error: unknown) => toast.error(error, t('delete.failed')),
        ),
    });

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size="large"
      title={bulletin.data?.title ?? t('detail.loading')}
      data-testid="bulletin-drawer"
      extra={
        canManage && bulletin.data ? (
          <Space>
            <Button icon={<EditOutlined aria-hidden />} onClick={() => onEdit(bulletin.data)}>
              {t('actions.edit')}
            </Button>
            <Button danger icon={<DeleteOutlined aria-hidden />} onClick={() => onDelete(bulletin.data)}>
              {t('actions.delete')}
            </Button>
          </Space>
        ) : null
      }
    >
      {bulletin.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : bulletin.isError ? (
        <ApiErrorResult error={bulletin.error} onRetry={() => void bulletin.refetch()} />
      ) : (
        <BulletinContent bulletin={bulletin.data} />
      )}
    </Drawer>
  );
}

/**
 * The bulletin list (spec §2 `/bulletin-list/?type=org` with optional `&bulletin_id=`, and
 * `?type=course`; issue 17 §3): tabs for the organisation's and my courses' bulletins (one course's
 * with `course_id`, as the course page links it), keyword search, unread marks, pinned first (the
 * server's order), paging; a bulletin opens in a drawer and is marked read. Org admins write
 * organisation bulletins here; the course team writes a course's.
 */
export function BulletinListPage() {
  const { t } = useTranslation('bulletins');
  const toast = useToast();
  const { type, courseId, bulletinId, keyword, page, pageSize, update } = useBulletinParams();
  const [compose, setCompose] = useState<{ bulletin: Bulletin | null } | null>(null);
  const { data: user } = useCurrentUser();
  const course = useCourse(courseId ?? 0);
  const query: BulletinListQuery = { type, course_id: courseId, keyword: keyword || undefined, page, page_size: pageSize };
  const list = useBulletinList(query);
  const markAll = useMarkAllBulletinsRead();
  const canWrite = type === 'org' ? isBulletinAdmin(user) : Boolean(courseId && course.data && canTeach(course.data));
  const unread = list.data?.unread_count ?? 0;

  // A link naming a bulletin (a notification's destination) shows it in the list too.
  useEffect(() => {
    if (bulletinId && list.data) document.getElementById(`bulletin-${bulletinId}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [bulletinId, list.data]);

  return (
    <Card>
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
        {t('page.title')}
      </Typography.Title>
      <Tabs
        activeKey={type}
        onChange={(key) => update({ type: key, course_id: null, bulletin_id: null, keyword: null, page: null }, false)}
        items={[
          { key: 'org', label: t('tabs.org') },
          { key: 'course', label: t('tabs.course') },
        ]}
      />
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 12 }}>
        <Space wrap>
          <Input.Search
            type="search"
            aria-label={t('search')}
            placeholder={t('search')}
            allowClear
            key={keyword}
            defaultValue={keyword}
            onSearch={(value) => update({ keyword: value.trim() || null, page: null })}
            style={{ width: 260 }}
          />
          {courseId && (
            <Space size={4}>
              <Tag data-testid="bulletin-course-filter">{course.data ? courseTitle(course.data) : t('courseFilter', { id: courseId })}</Tag>
              <Button type="link" size="small" onClick={() => update({ course_id: null, page: null })}>
                {t('allCourses')}
              </Button>
            </Space>
          )}
        </Space>
        <Space wrap>
          <Button
            icon={<CheckOutlined aria-hidden />}
            disabled={unread === 0}
            loading={markAll.isPending}
            onClick={() => markAll.mutate({ type, course_id: courseId }, { onError: (error) => toast.error(error, t('errors.markRead')) })}
          >
            {t('actions.markAllRead')}
          </Button>
          {canWrite && (
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCompose({ bulletin: null })}>
              {t('actions.new')}
            </Button>
          )}
        </Space>
      </Flex>
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : list.isError ? (
        <ApiErrorResult error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Empty description={keyword ? t('empty.search') : type === 'org' ? t('empty.org') : t('empty.course')} />
      ) : (
        <ul aria-label={t('page.listLabel')} data-testid="bulletin-list" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {list.data.items.map((bulletin) => (
            <BulletinRow
              key={bulletin.id}
              bulletin={bulletin}
              isOpen={bulletin.id === bulletinId}
              onOpen={() => update({ bulletin_id: String(bulletin.id) }, false)}
            />
          ))}
        </ul>
      )}
      {list.data && list.data.total > 0 && (
        <Pagination
          align="end"
          style={{ marginTop: 16 }}
          current={page}
          pageSize={pageSize}
          total={list.data.total}
          showSizeChanger
          pageSizeOptions={PAGE_SIZE_OPTIONS.map(String)}
          onChange={(nextPage, nextSize) =>
            update(nextSize !== pageSize ? { page: null, page_size: String(nextSize) } : { page: nextPage > 1 ? String(nextPage) : null })
          }
        />
      )}
      <BulletinDrawer id={bulletinId} onClose={() => update({ bulletin_id: null })} onEdit={(bulletin) => setCompose({ bulletin })} />
      <BulletinComposeDrawer
        open={compose !== null}
        type={compose?.bulletin?.type ?? type}
        courseId={compose?.bulletin?.course_id ?? courseId}
        courseName={compose?.bulletin?.course_name ?? (course.data ? courseTitle(course.data) : undefined)}
        bulletin={compose?.bulletin}
        onClose={() => setCompose(null)}
        onSaved={(saved) => update({ bulletin_id: String(saved.id) })}
      />
    </Card>
  );
}
