import { useEffect, useState } from 'react';
import { App, Button, Card, Empty, Input, Space, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Course } from '@atrium/contracts';
import { api, serverMessageOf } from '../../../lib/api-client';
import { courseKeys } from '../api';
import { useCourseHeader } from '../header-api';
import { useCourseContext } from './course-page';
import { recordUserReads } from '../../activities/api';

/** `/course/{id}/outline`: the course outline; instructors edit it (`PUT /api/course/{id}/outline`) and notify students (`POST /api/outline/notify`); a visit records a course read of type 'outline' (spec §7). */
export function CourseOutlinePage() {
  const { t } = useTranslation('courses');
  const { message } = App.useApp();
  const course = useCourseContext();
  const header = useCourseHeader(course.id);
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (text: string) => api.put<Course>(`/api/course/${course.id}/outline`, { course_outline: text }),
    onSuccess: (updated) => {
      queryClient.setQueryData(courseKeys.detail(course.id), updated);
      setDraft(null);
      void message.success(t('outline.saved'));
    },
    onError: (error) => void message.error(serverMessageOf(error) ?? t('common:result.error.title')),
  });
  const notify = useMutation({
    mutationFn: () => api.post<{ message: string }>('/api/outline/notify', { course_ids: [course.id] }),
    onSuccess: (answer) => void message.success(answer.message),
    onError: (error) => void message.error(serverMessageOf(error) ?? t('common:result.error.title')),
  });
  useEffect(() => recordUserReads(course.id, 'outline'), [course.id]);
  const canEdit = header.data?.can_manage ?? false;
  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
          {t('sections.outline')}
        </Typography.Title>
      }
      extra={
        canEdit && draft === null ? (
          <Space>
            <Button onClick={() => setDraft(course.course_outline ?? '')}>{t('outline.edit')}</Button>
            <Button onClick={() => notify.mutate()} loading={notify.isPending} disabled={!course.course_outline}>
              {t('outline.notify')}
            </Button>
          </Space>
        ) : null
      }
    >
      {draft !== null ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Input.TextArea aria-label={t('sections.outline')} rows={10} value={draft} onChange={(e) => setDraft(e.target.value)} maxLength={20000} />
          <Space>
            <Button type="primary" loading={save.isPending} onClick={() => save.mutate(draft)}>
              {t('outline.save')}
            </Button>
            <Button onClick={() => setDraft(null)}>{t('common:action.cancel')}</Button>
          </Space>
        </Space>
      ) : course.course_outline ? (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{course.course_outline}</Typography.Paragraph>
      ) : (
        <Empty description={t('outline.empty')} />
      )}
    </Card>
  );
}
