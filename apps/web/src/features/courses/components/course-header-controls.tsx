import { useState } from 'react';
import { Button, Modal, Radio, Space, Switch, Typography } from 'antd';
import { EyeOutlined, TeamOutlined, UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Course, CourseHeaderState, CourseRole } from '@atrium/contracts';
import { serverMessageOf } from '../../../lib/api-client';
import { fetchCanUnpublish, fetchLiteCondition, useEnterPreview, useSetActiveRole, useSetPublished, useSetReview, useSwitchType } from '../header-api';
import { publishFailureMessage } from '../lib/header-rules';
import { InvitePopup } from './invite-popup';
import { TeamTeachingPopup } from './team-teaching-popup';
import { useToast } from '../../../lib/toast';

/**
 * Course header controls by role (spec §6): role buttons for users holding more
 * than one role; for instructors publish / unpublish (when the course-need-publish
 * toggle is on), normal ⇄ lite, preview, invite and team teaching; the review
 * toggle for the instructor manager. Failures show as spec §8 says.
 */
export function CourseHeaderControls({ course, header }: { course: Course; header: CourseHeaderState }) {
  const { t } = useTranslation('courses');
  const toast = useToast();
  const setRole = useSetActiveRole(course.id);
  const publish = useSetPublished(course.id);
  const review = useSetReview(course.id);
  const switchType = useSwitchType(course.id);
  const preview = useEnterPreview(course.id);
  const [publishOpen, setPublishOpen] = useState(false);
  const [liteOpen, setLiteOpen] = useState(false);
  const [inviteOpen, setInviteOpen] = useState(false);
  const [teamOpen, setTeamOpen] = useState(false);
  const [checking, setChecking] = useState(false);
  const isInstructor = course.my_roles.includes('instructor') || header.can_manage;
  const canInvite = isInstructor || course.my_roles.includes('instructor_assistant');
  const published = course.course_attributes.published;
  const activeRole: CourseRole | undefined = header.active_role ?? course.my_roles[0];

  const onPublishToggle = async () => {
    if (!published) {
      setPublishOpen(true);
      return;
    }
    setChecking(true);
    try {
      const answer = await fetchCanUnpublish(course.id);
      if (!answer.can_unpublished) {
        toast.error(answer.message ?? t('publish.cannotUnpublish'));
        return;
      }
      await publish.mutateAsync(false);
      toast.success(t('publish.unpublished'));
    } catch (error) {
      toast.error(publishFailureMessage(error) ?? t('common:result.error.title'));
    } finally {
      setChecking(false);
    }
  };

  const onLite = async () => {
    if (course.lite) {
      switchType.mutate(false, {
        onSuccess: () => toast.success(t('lite.switchedNormal')),
        onError: (error) => toast.error(error, t('common:result.error.title')),
      });
      return;
    }
    setChecking(true);
    try {
      const condition = await fetchLiteCondition(course.id);
      if (!condition.can_switch) toast.error(condition.message ?? t('lite.notAllowed'));
      else setLiteOpen(true);
    } catch (error) {
      toast.error(error, t('common:result.error.title'));
    } finally {
      setChecking(false);
    }
  };

  return (
    <Space wrap size={[8, 8]} data-testid="course-header-controls">
      {course.my_roles.length > 1 && (
        <Radio.Group
          aria-label={t('roleSwitch.label')}
          optionType="button"
          size="small"
          value={activeRole}
          onChange={(e) => setRole.mutate(e.target.value as CourseRole, { onError: (error) => toast.error(error, t('common:result.error.title')) })}
          options={course.my_roles.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
        />
      )}
      {isInstructor && header.need_publish && (
        <Space size={6}>
          <Switch
            aria-label={t('publish.label')}
            checked={published}
            loading={checking || publish.isPending}
            onChange={() => void onPublishToggle()}
            data-testid="publish-switch"
          />
          <Typography.Text>{published ? t('publish.published') : t('publish.unpublishedState')}</Typography.Text>
        </Space>
      )}
      {header.can_review && (
        <Space size={6}>
          <Switch
            aria-label={t('review.label')}
            checked={course.course_attributes.data.review_status === 'reviewed'}
            loading={review.isPending}
            onChange={(checked) =>
              review.mutate(checked ? 'reviewed' : 'unreviewed', { onError: (error) => toast.warning(serverMessageOf(error) ?? t('review.failed')) })
            }
          />
          <Typography.Text>{t('review.label')}</Typography.Text>
        </Space>
      )}
      {isInstructor && (
        <Button size="small" loading={checking || switchType.isPending} onClick={() => void onLite()}>
          {course.lite ? t('lite.toNormal') : t('lite.toLite')}
        </Button>
      )}
      {canInvite && (
        <Button size="small" icon={<UserAddOutlined aria-hidden />} onClick={() => setInviteOpen(true)}>
          {t('invite.open')}
        </Button>
      )}
      {isInstructor && (
        <Button size="small" icon={<TeamOutlined aria-hidden />} onClick={() => setTeamOpen(true)}>
          {t('team.open')}
        </Button>
      )}
      {(course.my_roles.includes('instructor') || course.my_roles.includes('instructor_assistant')) && !header.preview_as && (
        <Button
          size="small"
          icon={<EyeOutlined aria-hidden />}
          loading={preview.isPending}
          onClick={() => preview.mutate('student', { onError: (error) => toast.error(error, t('common:result.error.title')) })}
        >
          {t('preview.asStudent')}
        </Button>
      )}
      <Modal
        open={publishOpen}
        title={t('publish.confirmTitle')}
        okText={t('publish.confirm')}
        cancelText={t('common:action.cancel')}
        confirmLoading={publish.isPending}
        onCancel={() => setPublishOpen(false)}
        onOk={() =>
          publish.mutate(true, {
            onSuccess: () => {
              setPublishOpen(false);
              toast.success(t('publish.done'));
            },
            onError: (error) => toast.error(publishFailureMessage(error) ?? t('common:result.error.title')),
          })
        }
      >
        {t('publish.confirmText')}
      </Modal>
      <Modal
        open={liteOpen}
        title={t('lite.confirmTitle')}
        okText={t('lite.confirm')}
        cancelText={t('common:action.cancel')}
        confirmLoading={switchType.isPending}
        onCancel={() => setLiteOpen(false)}
        onOk={() =>
          switchType.mutate(true, {
            onSuccess: () => {
              setLiteOpen(false);
              toast.success(t('lite.switchedLite'));
            },
            onError: (error) => {
              setLiteOpen(false);
              toast.error(error, t('common:result.error.title'));
            },
          })
        }
      >
        {t('lite.confirmText')}
      </Modal>
      {canInvite && <InvitePopup courseId={course.id} open={inviteOpen} onClose={() => setInviteOpen(false)} />}
      {isInstructor && <TeamTeachingPopup courseId={course.id} open={teamOpen} onClose={() => setTeamOpen(false)} />}
    </Space>
  );
}
