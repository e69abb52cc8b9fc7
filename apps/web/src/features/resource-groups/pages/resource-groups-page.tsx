import { useState } from 'react';
import { Button, Card, Col, Empty, Input, List, Popconfirm, Row, Select, Skeleton, Space, Table, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { RESOURCE_GROUP_ROLES, type ResourceGroupRole } from '@atrium/contracts';
import { ApiErrorResult } from '../../../components/status-results';
import { useToast } from '../../../lib/toast';
import { useGroupMutations, useResourceGroup, useResourceGroups, useSharedWithMe } from '../api';
import { resourceGroupError } from '../lib/errors';

/** The group of the address `#/{groupId}/members` (spec §2), or null. */
function groupOfHash(hash: string): number | null {
  const m = /^#\/(\d+)/.exec(hash);
  return m ? Number(m[1]) : null;
}

/**
 * `/user/resource-groups` (issue 19 §2, decision 0134): my resource groups, a group's members and
 * their roles (`#/{groupId}/members`), and what is shared with me, by group.
 */
export function ResourceGroupsPage() {
  const { t } = useTranslation('resourceGroups');
  const location = useLocation();
  const navigate = useNavigate();
  const selected = groupOfHash(location.hash);
  const groups = useResourceGroups();
  const [newName, setNewName] = useState('');
  const m = useGroupMutations();
  const toast = useToast();
  const fail = (e: unknown) => toast.error(resourceGroupError(e, t));
  const select = (id: number | null) => navigate({ hash: id === null ? '' : `#/${id}/members` });

  if (groups.isError) return <ApiErrorResult error={groups.error} onRetry={() => void groups.refetch()} pageTitle />;
  return (
    <Row gutter={16}>
      <Col span={24}>
        <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
          {t('title')}
        </Typography.Title>
      </Col>
      <Col xs={24} md={8}>
        <Card title={t('groups.title')}>
          <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
            <Input aria-label={t('groups.newName')} placeholder={t('groups.newName')} value={newName} onChange={(e) => setNewName(e.target.value)} />
            <Button
              type="primary"
              disabled={!newName.trim()}
              loading={m.create.isPending}
              onClick={() =>
                m.create.mutateAsync(newName).then((g) => {
                  setNewName('');
                  select(g.id);
                }, fail)
              }
            >
              {t('groups.create')}
            </Button>
          </Space.Compact>
          {groups.isPending ? (
            <Skeleton active />
          ) : (
            <List
              dataSource={groups.data.groups}
              locale={{ emptyText: <Typography.Text type="secondary">{t('groups.empty')}</Typography.Text> }}
              renderItem={(g) => (
                <List.Item onClick={() => select(g.id)} style={{ cursor: 'pointer', fontWeight: g.id === selected ? 600 : undefined }}>
                  <List.Item.Meta
                    title={
                      // A real link (the group's members route): reachable by keyboard and named as a link.
                      <a
                        href={`#/${g.id}/members`}
                        aria-current={g.id === selected ? 'true' : undefined}
                        onClick={(e) => {
                          e.preventDefault();
                          e.stopPropagation();
                          void select(g.id);
                        }}
                      >
                        {g.name}
                      </a>
                    }
                    description={t('groups.summary', { role: t(`role.${g.my_role}`), count: g.member_count })}
                  />
                </List.Item>
              )}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} md={16}>
        <Tabs
          items={[
            {
              key: 'members',
              label: t('members.title'),
              children: selected !== null ? <GroupMembers groupId={selected} onGone={() => select(null)} /> : <Empty description={t('members.pick')} />,
            },
            { key: 'shared', label: t('shared.title'), children: <SharedWithMe groupId={selected} /> },
          ]}
        />
      </Col>
    </Row>
  );
}

function GroupMembers({ groupId, onGone }: { groupId: number; onGone: () => void }) {
  const { t } = useTranslation('resourceGroups');
  const group = useResourceGroup(groupId);
  const m = useGroupMutations();
  const toast = useToast();
  const [userName, setUserName] = useState('');
  const [role, setRole] = useState<ResourceGroupRole>('member');
  const fail = (e: unknown) => toast.error(resourceGroupError(e, t));
  if (group.isError) return <ApiErrorResult error={group.error} />;
  if (group.isPending) return <Skeleton active />;
  const g = group.data;
  const canManage = g.my_role !== 'member';
  const refresh = () => void group.refetch();
  return (
    <Card
      title={g.name}
      extra={
        g.my_role === 'owner' && (
          <Popconfirm title={t('groups.deleteConfirm', { name: g.name })} onConfirm={() => m.remove.mutateAsync(g.id).then(onGone, fail)}>
            <Button danger>{t('groups.delete')}</Button>
          </Popconfirm>
        )
      }
    >
      {canManage && (
        <Space.Compact style={{ marginBottom: 12 }}>
          <Input aria-label={t('members.userName')} placeholder={t('members.userName')} value={userName} onChange={(e) => setUserName(e.target.value)} />
          <Select
            aria-label={t('members.role')}
            value={role}
            onChange={setRole}
            style={{ width: 140 }}
            options={RESOURCE_GROUP_ROLES.filter((r) => r !== 'owner' || g.my_role === 'owner').map((r) => ({ value: r, label: t(`role.${r}`) }))}
          />
          <Button
            type="primary"
            disabled={!userName.trim()}
            onClick={() =>
              m.addMember.mutateAsync({ id: g.id, userName: userName.trim(), role }).then(() => {
                setUserName('');
                refresh();
              }, fail)
            }
          >
            {t('members.add')}
          </Button>
        </Space.Compact>
      )}
      <Table
        rowKey="user_id"
        pagination={false}
        dataSource={g.members}
        columns={[
          { key: 'name', title: t('members.name'), render: (_, r) => `${r.name} (${r.user_name})` },
          {
            key: 'role',
            title: t('members.role'),
            render: (_, r) =>
              g.my_role === 'owner' ? (
                <Select
                  aria-label={t('members.roleOf', { name: r.name })}
                  value={r.role}
                  style={{ width: 140 }}
                  onChange={(next) => m.setRole.mutateAsync({ id: g.id, userId: r.user_id, role: next }).then(refresh, fail)}
                  options={RESOURCE_GROUP_ROLES.map((x) => ({ value: x, label: t(`role.${x}`) }))}
                />
              ) : (
                t(`role.${r.role}`)
              ),
          },
          { key: 'added', title: t('members.added'), render: (_, r) => dayjs(r.added_at).format('YYYY-MM-DD') },
          {
            key: 'actions',
            title: '',
            render: (_, r) =>
              canManage && (
                <Button size="small" onClick={() => m.removeMember.mutateAsync({ id: g.id, userId: r.user_id }).then(refresh, fail)}>
                  {t('members.remove')}
                </Button>
              ),
          },
        ]}
      />
    </Card>
  );
}

function SharedWithMe({ groupId }: { groupId: number | null }) {
  const { t } = useTranslation('resourceGroups');
  const [q, setQ] = useState('');
  const shared = useSharedWithMe(groupId, q.trim());
  if (shared.isError) return <ApiErrorResult error={shared.error} />;
  return (
    <Card>
      <Input.Search aria-label={t('shared.search')} placeholder={t('shared.search')} allowClear onSearch={setQ} style={{ marginBottom: 12, maxWidth: 320 }} />
      <Table
        rowKey="id"
        loading={shared.isPending}
        pagination={false}
        dataSource={shared.data?.resources ?? []}
        locale={{ emptyText: t('shared.empty') }}
        columns={[
          { key: 'name', title: t('shared.name'), render: (_, r) => <Link to={`/vtrs/${r.id}`}>{r.item.name}</Link> },
          { key: 'kind', title: t('shared.kind'), render: (_, r) => t(`kind.${r.item.kind}`) },
          { key: 'group', title: t('shared.group'), render: (_, r) => r.group?.name ?? t('shared.toMe') },
          { key: 'by', title: t('shared.by'), render: (_, r) => r.shared_by.name },
          { key: 'at', title: t('shared.at'), render: (_, r) => <Typography.Text>{dayjs(r.shared_at).format('YYYY-MM-DD HH:mm')}</Typography.Text> },
        ]}
      />
    </Card>
  );
}
