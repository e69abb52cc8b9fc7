import { useEffect, useMemo, useState } from 'react';
import { App, Button, Card, Empty, Select, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LEARNING_MODES, type Activity, type ActivitySummary, type ContentModule, type LearningMode } from '@atrium/contracts';
import { PageSpinner } from '../../../components/page-spinner';
import { ApiErrorResult } from '../../../components/status-results';
import { useCourseContext } from '../../courses/pages/course-page';
import { CourseImportBar } from '../../imports/components/course-import-bar';
import { activityQuery, recordUserReads, useActivityMutations, useCourseContent, useModuleMutations, useSetLearningMode } from '../api';
import { AccessForbiddenPopup } from '../components/access-forbidden-popup';
import { ActivityFormModal } from '../components/activity-form-modal';
import { EditableContent } from '../components/editable-content';
import { ModuleFormModal } from '../components/module-form-modal';
import { StudentContent } from '../components/student-content';
import { updateBodyOfForm } from '../lib/activity-form';
import type { ForbiddenView } from '../lib/activity-rules';
import { courseImageUploader } from '../lib/upload-editor-image';
import { useToast } from '../../../lib/toast';
import { LiveActivitiesLink } from '../../live/components/live-activities-link';

type ActivityPopup = { mode: 'add'; module: ContentModule } | { mode: 'edit'; activity: Activity };

/**
 * `/course/{id}/content` (spec §2; issue 7): instructors add, edit (title and
 * rich-text summary), reorder, publish and delete modules and activities and choose the learning mode, and
 * import a course package (issue 8: package list popup, direct .mbz upload,
 * the last import's report);
 * students see published content with their completion. Visiting records a
 * course read of type 'content' (spec §7).
 */
export function CourseContentPage() {
  const { t } = useTranslation('activities');
  const { modal } = App.useApp();
  const toast = useToast();
  const course = useCourseContext();
  const content = useCourseContent(course.id);
  const modules = useModuleMutations(course.id);
  const activities = useActivityMutations(course.id);
  const queryClient = useQueryClient();
  const [modulePopup, setModulePopup] = useState<{ module: ContentModule | null } | null>(null);
  const [activityPopup, setActivityPopup] = useState<ActivityPopup | null>(null);
  const [forbidden, setForbidden] = useState<ForbiddenView | null>(null);
  const uploadImage = useMemo(() => courseImageUploader(course.id), [course.id]);
  const setMode = useSetLearningMode(course.id);

  useEffect(() => recordUserReads(course.id, 'content'), [course.id]);

  if (content.isPending) return <PageSpinner />;
  if (content.isError) return <ApiErrorResult error={content.error} onRetry={() => void content.refetch()} />;
  const data = content.data;
  const canEdit = data.can_edit;
  const fail = (error: unknown) => toast.error(error, t('content.saveFailed'));

  const openModuleForm = (module: ContentModule | null) => setModulePopup({ module });

  const editActivity = async (summary: ActivitySummary) => {
    try {
      const activity = await queryClient.fetchQuery({ ...activityQuery(summary.id), staleTime: 0 });
      setActivityPopup({ mode: 'edit', activity });
    } catch (error) {
      fail(error);
    }
  };

  const modeSelect = canEdit && (
    <Space data-testid="learning-mode">
      <Typography.Text id="learning-mode-label">{t('content.learningMode')}</Typography.Text>
      <Select
        aria-labelledby="learning-mode-label"
        value={data.learning_mode}
        loading={setMode.isPending}
        style={{ width: 180 }}
        onChange={(value: LearningMode) => setMode.mutate(value, { onError: fail })}
        options={LEARNING_MODES.map((value) => ({ value, label: t(`learningModes.${value}`) }))}
      />
    </Space>
  );

  return (
    <Card
      title={
        <Space>
          <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
            {t('content.title')}
          </Typography.Title>
          {!canEdit && data.learning_mode === 'checkpoint' && <Tag color="orange">{t('learningModes.checkpoint')}</Tag>}
          <LiveActivitiesLink courseId={course.id} content={data} />
        </Space>
      }
      extra={
        canEdit ? (
          <Space wrap>
            {modeSelect}
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openModuleForm(null)}>
              {t('content.addModule')}
            </Button>
          </Space>
        ) : null
      }
    >
      {canEdit ? (
        <div style={{ marginBottom: 16 }}>
          <CourseImportBar course={course} />
        </div>
      ) : null}
      {data.modules.length === 0 ? (
        <Empty description={canEdit ? t('content.emptyTeacher') : t('content.emptyStudent')} />
      ) : canEdit ? (
        <EditableContent
          courseId={course.id}
          content={data}
          actions={{
            onEditModule: (module) => openModuleForm(module),
            onDeleteModule: (module) => modules.remove.mutate(module.id, { onError: fail }),
            onPublishModule: (module, published) => modules.update.mutate({ id: module.id, body: { is_published: published } }, { onError: fail }),
            onAddActivity: (module) => setActivityPopup({ mode: 'add', module }),
            onEditActivity: (activity) => void editActivity(activity),
            onDeleteActivity: (activity) =>
              void modal.confirm({
                title: t('content.deleteActivityConfirm', { title: activity.title }),
                okText: t('content.delete'),
                okButtonProps: { danger: true },
                cancelText: t('form.cancel'),
                onOk: () => activities.remove.mutateAsync(activity.id).catch(fail),
              }),
            onPublishActivity: (activity, published) => activities.publish.mutate({ id: activity.id, published }, { onError: fail }),
          }}
        />
      ) : (
        <StudentContent courseId={course.id} content={data} onForbidden={setForbidden} />
      )}

      {modulePopup && (
        <ModuleFormModal
          module={modulePopup.module}
          uploadImage={uploadImage}
          onClose={() => setModulePopup(null)}
          onSubmit={(body) => (modulePopup.module ? modules.update.mutateAsync({ id: modulePopup.module.id, body }) : modules.create.mutateAsync(body))}
        />
      )}

      {activityPopup && (
        <ActivityFormModal
          courseId={course.id}
          activity={activityPopup.mode === 'edit' ? activityPopup.activity : null}
          uploadImage={uploadImage}
          onClose={() => setActivityPopup(null)}
          onSubmit={(body) =>
            activityPopup.mode === 'add'
              ? activities.create.mutateAsync({ ...body, module_id: activityPopup.module.id })
              : activities.update.mutateAsync({ id: activityPopup.activity.id, body: updateBodyOfForm(body) })
          }
        />
      )}
      <AccessForbiddenPopup view={forbidden} onClose={() => setForbidden(null)} />
    </Card>
  );
}
