import { useEffect, useState } from 'react';
import { Button, Card, Empty, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotifyOutline, useSaveCourseOutline } from '../api';
import { useCourseHeader } from '../header-api';
import { useCourseContext } from './course-page';
import { recordUserReads } from '../../activities/api';
import { useToast } from '../../../lib/toast';
import { USER_ROLE } from '@atrium/contracts';
import { useCurrentUser } from '../../auth/api';
import { CoursePartnerCard } from '../../partners/components/course-partner-card';

/**
 * `/course/{id}/outline`: the course outline; instructors edit it (`PUT /api/course/{id}/outline`) and notify students
 * (`POST /api/outline/notify`); a visit records a course read of type 'outline' (spec §7). Below, the course's
 * associated partner (CoursePartnerCard; its instructors and the org admins record it).
 */
export function CourseOutlinePage() {
  const { t } = useTranslation('courses');
  const toast = useToast();
  const course = useCourseContext();
  const header = useCourseHeader(course.id);
  const [draft, setDraft] = useState<string | null>(null);
  const save = useSaveCourseOutline(course.id);
  const notify = useNotifyOutline(course.id);
  const showError = (error: Error) => toast.error(error, t('common:result.error.title'));
  useEffect(() => recordUserReads(course.id, 'outline'), [course.id]);
  const canEdit = header.data?.can_manage ?? false;
  const user = useCurrentUser();
  const canEditPartner = course.my_roles.includes('instructor') || user.data?.role === USER_ROLE.admin;
  return (
    <>
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
              <Button
                onClick={() => notify.mutate(undefined, { onSuccess: (answer) => toast.success(answer.message), onError: showError })}
                loading={notify.isPending}
                disabled={!course.course_outline}
              >
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
              <Button
                type="primary"
                loading={save.isPending}
                onClick={() =>
                  save.mutate(draft, {
                    onSuccess: () => {
                      setDraft(null);
                      toast.success(t('outline.saved'));
                    },
                    onError: showError,
                  })
                }
              >
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
      <CoursePartnerCard courseId={course.id} canEdit={canEditPartner} />
    </>
  );
}
