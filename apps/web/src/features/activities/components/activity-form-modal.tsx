import { useRef, useState } from 'react';
import { Alert, DatePicker, Flex, Form, Input, InputNumber, Modal, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ACTIVITY_TYPES,
  COMPLETION_CRITERIA,
  GRADE_METHODS,
  RESULT_VISIBILITY,
  defaultCompletionCriterion,
  type Activity,
  type ActivityType,
} from '@atrium/contracts';
import { LazyRichTextEditor } from '../../../components/rich-text-editor/lazy-rich-text-editor';
import type { EditorImageUploader } from '../../../components/rich-text-editor/rich-text-editor';
import { showFieldErrors } from '../../../lib/form-errors';
import {
  EXAM_FORM_DEFAULTS,
  activityFieldName,
  bodyOfForm,
  formOfActivity,
  formPartsOf,
  isSupportedVideoUrl,
  type ActivityFormValues,
} from '../lib/activity-form';
import { isOpenableLink } from '../lib/activity-rules';
import { UploadField } from './upload-field';
import { ReplayFields } from '../../live/components/replay-fields';
import { guestActivityUrl } from '../../previews/lib/guest-path';
import { QuestionnaireSettingsFields } from '../../questionnaires/components/questionnaire-settings-fields';
import { HomeworkSettingsFields } from '../../homework/components/homework-settings-fields';
import { HOMEWORK_FORM_DEFAULTS } from '../../homework/lib/homework-settings';
import { ForumGradingFields } from './forum-grading-fields';
import { LtiRegistrationFields } from '../../lti/components/lti-registration-fields';

/**
 * Add or edit one activity (issue 7): type, title, description (rich text),
 * the type's own fields (page content in the editor; files; web link; online
 * video URL or upload with the original-URL field error, spec §5; meeting
 * provider, join URL, times and replays; for file types the copyright notice over their
 * videos, refuse-forward-seeking and guest preview; a questionnaire's anonymous and
 * show-results switches; an exam's settings, ExamSettingsFields; a homework's,
 * HomeworkSettingsFields; a forum's grading, ForumGradingFields), start/end and the
 * completion criterion (a new activity's follows its type, defaultCompletionCriterion, until
 * chosen by hand: exams and questionnaires are completed by a submission).
 * Checks the fields first, then shows the server's 400 field errors on them.
 */
export function ActivityFormModal({
  courseId,
  activity,
  onSubmit,
  onClose,
  uploadImage,
}: {
  courseId: number;
  /** The activity to edit; null to add one. */
  activity: Activity | null;
  onSubmit: (body: ReturnType<typeof bodyOfForm>) => Promise<unknown>;
  onClose: () => void;
  uploadImage?: EditorImageUploader;
}) {
  const { t } = useTranslation('activities');
  const [form] = Form.useForm<ActivityFormValues>();
  const [formError, setFormError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  // antd marks a field touched when the form sets it too, so a criterion chosen by hand is tracked here.
  const isCriterionChosen = useRef(false);
  const type = (Form.useWatch('type', form) ?? activity?.type ?? 'page') as ActivityType;
  const criterion = Form.useWatch('completion_criterion', form);
  const canGuestPreview = Form.useWatch('can_guest_preview', form) === true;
  const parts = formPartsOf(type);
  const initialValues: ActivityFormValues = activity
    ? formOfActivity(activity)
    : {
        type: 'page',
        title: '',
        completion_criterion: 'viewed',
        uploads: [],
        data: { content: '', ...EXAM_FORM_DEFAULTS, ...HOMEWORK_FORM_DEFAULTS, grading: { type: 'none' } },
      };

  const save = async () => {
    let values: ActivityFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setFormError(null);
    setSaving(true);
    try {
      // Data the form keeps but shows no field for (an imported exam's max_grade) comes from the initial values.
      await onSubmit(bodyOfForm({ ...initialValues, ...values, type, data: { ...initialValues.data, ...values.data } }));
      onClose();
    } catch (error) {
      const shown = showFieldErrors(form, error, { nameOf: activityFieldName });
      setFormError(shown.fieldErrors.length > 0 ? null : (shown.rest ?? t('form.saveFailed')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={activity ? t('form.editTitle') : t('form.addTitle')}
      okText={t('form.save')}
      cancelText={t('form.cancel')}
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={isSaving}
      width={860}
      destroyOnHidden
      maskClosable={false}
    >
      {formError && <Alert type="error" showIcon message={formError} style={{ marginBottom: 12 }} role="alert" />}
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues}
        name="activity-form"
        onValuesChange={(changed: Partial<ActivityFormValues>) => {
          if (!activity && changed.type && !isCriterionChosen.current) form.setFieldsValue({ completion_criterion: defaultCompletionCriterion(changed.type) });
        }}
      >
        <Form.Item name="type" label={t('form.type')} rules={[{ required: true }]}>
          <Select disabled={!!activity} showSearch optionFilterProp="label" options={ACTIVITY_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))} />
        </Form.Item>
        <Form.Item name="title" label={t('form.title')} rules={[{ required: true, whitespace: true, message: t('form.titleRequired') }, { max: 200 }]}>
          <Input maxLength={200} />
        </Form.Item>
        {parts.hasContent && (
          <Form.Item name={['data', 'content']} label={t('form.content')}>
            <LazyRichTextEditor aria-label={t('form.content')} onUploadImage={uploadImage} minHeight={240} />
          </Form.Item>
        )}
        {parts.url && (
          <Form.Item
            name={['data', 'url']}
            label={type === 'online_video' ? t('form.originalUrl') : t('form.url')}
            extra={type === 'online_video' ? t('form.videoUrlHint') : undefined}
            rules={[
              { required: parts.url === 'required', whitespace: true, message: t('form.urlRequired') },
              {
                validator: (_rule, value: string | undefined) => {
                  if (!value?.trim()) return Promise.resolve();
                  if (type === 'online_video') return isSupportedVideoUrl(value) ? Promise.resolve() : Promise.reject(new Error(t('form.videoUrlInvalid')));
                  return isOpenableLink(value.trim()) ? Promise.resolve() : Promise.reject(new Error(t('form.urlInvalid')));
                },
              },
            ]}
          >
            <Input placeholder="https://" />
          </Form.Item>
        )}
        {parts.hasUploads && (
          <Form.Item
            name="uploads"
            label={t('form.files')}
            dependencies={[['data', 'url']]}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_rule, value: unknown[] | undefined) =>
                  type === 'online_video' && !value?.length && !String(getFieldValue(['data', 'url']) ?? '').trim()
                    ? Promise.reject(new Error(t('form.videoRequired')))
                    : Promise.resolve(),
              }),
            ]}
          >
            <UploadField courseId={courseId} />
          </Form.Item>
        )}
        {parts.hasUploads && (
          <>
            <Form.Item name={['data', 'copyright_notice']} label={t('form.copyrightNotice')} extra={t('form.copyrightNoticeHint')} rules={[{ max: 500 }]}>
              <Input maxLength={500} />
            </Form.Item>
            <Form.Item name="refuse_forward_seeking" label={t('form.refuseForwardSeeking')} valuePropName="checked" extra={t('form.refuseForwardSeekingHint')}>
              <Switch />
            </Form.Item>
            <Form.Item name="can_guest_preview" label={t('form.canGuestPreview')} valuePropName="checked" extra={t('form.canGuestPreviewHint')}>
              <Switch />
            </Form.Item>
            {canGuestPreview && <GuestLink activityId={activity?.id ?? null} isPublished={activity?.is_published ?? false} />}
          </>
        )}
        {parts.isMeeting && (
          <>
            <Form.Item
              name={['data', 'provider']}
              label={t('form.provider')}
              rules={[{ required: true, whitespace: true, message: t('form.providerRequired') }]}
            >
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item
              name={['data', 'join_url']}
              label={t('form.joinUrl')}
              rules={[
                { required: true, whitespace: true, message: t('form.urlRequired') },
                {
                  validator: (_r, value: string | undefined) =>
                    !value?.trim() || isOpenableLink(value.trim()) ? Promise.resolve() : Promise.reject(new Error(t('form.urlInvalid'))),
                },
              ]}
            >
              <Input placeholder="https://" />
            </Form.Item>
            <Form.Item name={['data', 'meeting_start_time']} label={t('form.meetingStart')}>
              <DatePicker showTime format="YYYY-MM-DD HH:mm" />
            </Form.Item>
            <Form.Item
              name={['data', 'meeting_end_time']}
              label={t('form.meetingEnd')}
              dependencies={[['data', 'meeting_start_time']]}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_r, value: ActivityFormValues['start_time']) => {
                    const start = getFieldValue(['data', 'meeting_start_time']) as ActivityFormValues['start_time'];
                    return value && start && !value.isAfter(start) ? Promise.reject(new Error(t('form.endBeforeStart'))) : Promise.resolve();
                  },
                }),
              ]}
            >
              <DatePicker showTime format="YYYY-MM-DD HH:mm" />
            </Form.Item>
            <ReplayFields />
          </>
        )}
        {type === 'questionnaire' && <QuestionnaireSettingsFields />}
        {type === 'exam' && <ExamSettingsFields />}
        {type === 'homework' && <HomeworkSettingsFields courseId={courseId} />}
        {type === 'forum' && <ForumGradingFields />}
        {type === 'lti' && <LtiRegistrationFields />}
        <Form.Item name="description" label={t('form.description')}>
          <LazyRichTextEditor aria-label={t('form.description')} onUploadImage={uploadImage} minHeight={100} />
        </Form.Item>
        <Form.Item name="start_time" label={t('form.startTime')}>
          <DatePicker showTime format="YYYY-MM-DD HH:mm" />
        </Form.Item>
        <Form.Item
          name="end_time"
          label={t('form.endTime')}
          dependencies={['start_time']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_r, value: ActivityFormValues['end_time']) => {
                const start = getFieldValue('start_time') as ActivityFormValues['start_time'];
                return value && start && !value.isAfter(start) ? Promise.reject(new Error(t('form.endBeforeStart'))) : Promise.resolve();
              },
            }),
          ]}
        >
          <DatePicker showTime format="YYYY-MM-DD HH:mm" />
        </Form.Item>
        <Form.Item name="completion_criterion" label={t('form.completion')}>
          <Select
            options={COMPLETION_CRITERIA.map((value) => ({ value, label: t(`completion.${value}`) }))}
            onChange={() => {
              isCriterionChosen.current = true;
            }}
          />
        </Form.Item>
        {criterion === 'video_percent' && (
          <Form.Item
            name="completion_percent"
            label={t('form.completionPercent')}
            rules={[{ required: true, type: 'number', min: 1, max: 100, message: t('form.percentRange') }]}
          >
            <InputNumber min={1} max={100} addonAfter="%" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/**
 * An exam's own settings (issue 15, ExamDataSchema as `data`): time limit in minutes (empty for
 * none; stored in seconds), attempts allowed (0 for unlimited), which attempt's score counts,
 * pass mark in points, shuffling of questions and options, and when learners see their scores
 * and the right answers. Fields of the surrounding form; the questions are edited on the exam's page.
 */
function ExamSettingsFields() {
  const { t } = useTranslation('activities');
  const visibility = RESULT_VISIBILITY.map((value) => ({ value, label: t(`exam.visibility.${value}`) }));
  return (
    <fieldset data-testid="exam-settings" style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: '8px 16px 0', margin: '0 0 24px', minWidth: 0 }}>
      <legend style={{ width: 'auto', padding: '0 6px', margin: 0, border: 0, fontSize: 14 }}>{t('exam.settings')}</legend>
      <Flex gap={16} wrap>
        <Form.Item name={['data', 'time_limit_minutes']} label={t('exam.timeLimit')} extra={t('exam.timeLimitHint')} style={{ flex: '1 1 240px' }}>
          <InputNumber min={1} max={10080} precision={0} placeholder={t('exam.noTimeLimit')} suffix={t('exam.minutes')} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          name={['data', 'max_attempts']}
          label={t('exam.maxAttempts')}
          extra={t('exam.maxAttemptsHint')}
          rules={[{ required: true, type: 'number', min: 0, max: 1000, message: t('exam.maxAttemptsRange') }]}
          style={{ flex: '1 1 240px' }}
        >
          <InputNumber min={0} max={1000} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </Flex>
      <Flex gap={16} wrap>
        <Form.Item name={['data', 'grade_method']} label={t('exam.gradeMethod')} style={{ flex: '1 1 240px' }}>
          <Select options={GRADE_METHODS.map((value) => ({ value, label: t(`exam.gradeMethods.${value}`) }))} style={{ maxWidth: 260 }} />
        </Form.Item>
        <Form.Item name={['data', 'pass_score']} label={t('exam.passScore')} extra={t('exam.passScoreHint')} style={{ flex: '1 1 240px' }}>
          <InputNumber min={0} max={100_000} placeholder={t('exam.noPassScore')} style={{ width: 160 }} />
        </Form.Item>
      </Flex>
      <Flex gap={16} wrap>
        <Form.Item
          name={['data', 'shuffle_subjects']}
          label={t('exam.shuffleSubjects')}
          valuePropName="checked"
          extra={t('exam.shuffleSubjectsHint')}
          style={{ flex: '1 1 240px' }}
        >
          <Switch />
        </Form.Item>
        <Form.Item
          name={['data', 'shuffle_options']}
          label={t('exam.shuffleOptions')}
          valuePropName="checked"
          extra={t('exam.shuffleOptionsHint')}
          style={{ flex: '1 1 240px' }}
        >
          <Switch />
        </Form.Item>
      </Flex>
      <Flex gap={16} wrap>
        <Form.Item name={['data', 'show_score']} label={t('exam.showScore')} style={{ flex: '1 1 240px' }}>
          <Select options={visibility} style={{ maxWidth: 260 }} />
        </Form.Item>
        <Form.Item name={['data', 'show_answers']} label={t('exam.showAnswers')} extra={t('exam.showAnswersHint')} style={{ flex: '1 1 240px' }}>
          <Select options={visibility} style={{ maxWidth: 260 }} />
        </Form.Item>
      </Flex>
    </fieldset>
  );
}

/**
 * The guest link of an activity with guest preview on (spec §6): the public
 * visitor page to copy and share; before the first save there is no id yet.
 */
function GuestLink({ activityId, isPublished }: { activityId: number | null; isPublished: boolean }) {
  const { t } = useTranslation('activities');
  if (activityId === null)
    return <Alert type="info" showIcon message={t('form.guestLinkAfterSave')} style={{ marginBottom: 16 }} data-testid="guest-link-pending" />;
  const url = guestActivityUrl(activityId, window.location.origin);
  return (
    <Form.Item label={t('form.guestLink')} extra={isPublished ? t('form.guestLinkHint') : t('form.guestLinkUnpublished')}>
      <Typography.Text copyable={{ text: url, tooltips: [t('form.guestLinkCopy'), t('form.guestLinkCopied')] }} code data-testid="guest-link">
        {url}
      </Typography.Text>
    </Form.Item>
  );
}
