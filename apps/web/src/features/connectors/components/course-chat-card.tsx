import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Flex, Select, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiErrorResult } from '../../../components/status-results';
import { isApiError } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { useOrg } from '../../calendar/api';
import { useCourseStudentList } from '../../courses/api';
import { useAddToCourseChat, useCourseChat } from '../api';

/**
 * The course's DingTalk group (issue 24 item 4; spec §7 `GET`/`PUT /api/ding-talk/chat`; decision 0154), shown while the
 * organisation's chat group toggle is on: the group's name, owner and members' DingTalk ids, or that there is none;
 * with `canManage` (the team) students are added, the first addition creating the group. Not configured, or someone
 * DingTalk cannot find, is said as the server says it.
 */
export function CourseChatCard({ courseId, canManage }: { courseId: number; canManage: boolean }) {
  const { t } = useTranslation('connectors');
  const toast = useToast();
  const org = useOrg();
  const isOn = org.data?.toggles.chat_group === true;
  const chat = useCourseChat(courseId, isOn);
  const students = useCourseStudentList(courseId, isOn && canManage);
  const add = useAddToCourseChat(courseId);
  const [toAdd, setToAdd] = useState<number[]>([]);
  if (!isOn) return null;

  const notConfigured = isApiError(chat.error) && chat.error.code === 'CONNECTOR_NOT_CONFIGURED';
  let body;
  if (notConfigured) body = <Alert type="warning" showIcon title={t('chat.notConfigured')} description={chat.error?.message} />;
  else if (chat.isError) body = <ApiErrorResult error={chat.error} onRetry={() => void chat.refetch()} />;
  else if (chat.isPending)
    body = (
      <div role="status" aria-busy="true" aria-label={t('chat.loading')}>
        <Skeleton active />
      </div>
    );
  else if (!chat.data.chat) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={canManage ? t('chat.emptyTeam') : t('chat.empty')} />;
  else {
    const group = chat.data.chat;
    body = (
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'name', label: t('chat.name'), children: group.name },
          { key: 'owner', label: t('chat.owner'), children: <Typography.Text code>{group.owner}</Typography.Text> },
          {
            key: 'members',
            label: t('chat.members'),
            children: (
              <Flex gap={4} wrap data-testid="chat-members">
                {group.useridlist.map((id) => (
                  <Tag key={id}>{id}</Tag>
                ))}
              </Flex>
            ),
          },
        ]}
      />
    );
  }

  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
          {t('chat.title')}
        </Typography.Title>
      }
      style={{ marginTop: 16 }}
      data-testid="course-chat"
    >
      {body}
      {canManage && chat.isSuccess && (
        <Flex gap={8} wrap style={{ marginTop: 16 }}>
          <Select
            aria-label={t('chat.addLabel')}
            mode="multiple"
            style={{ minWidth: 280, flex: 1 }}
            placeholder={t('chat.addPlaceholder')}
            optionFilterProp="label"
            loading={students.isLoading}
            value={toAdd}
            onChange={setToAdd}
            options={(students.data?.students ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.user_no})` }))}
          />
          <Button
            type="primary"
            disabled={toAdd.length === 0}
            loading={add.isPending}
            onClick={() =>
              add.mutate(toAdd, {
                onSuccess: () => {
                  setToAdd([]);
                  toast.success(t('chat.added'));
                },
                onError: (error) => toast.error(error, t('chat.addFailed')),
              })
            }
          >
            {chat.data.chat ? t('chat.add') : t('chat.create')}
          </Button>
        </Flex>
      )}
    </Card>
  );
}
