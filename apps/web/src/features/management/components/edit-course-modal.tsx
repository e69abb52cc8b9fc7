import { useEffect } from 'react';
import { DatePicker, Form, Input, Modal, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Course } from '@atrium/contracts';
import { showFieldErrors } from '../../../lib/form-errors';
import { useCourseAdminActions } from '../api';
import { useCurrentUser } from '../../auth/api';
import { isOrgAdmin } from '../../auth/lib/roles';
import { useToast } from '../../../lib/toast';

interface EditForm {
  name: string;
  course_code: string;
  display_name: string;
  academic_year: string;
  semester: string;
  dates: [Dayjs | null, Dayjs | null] | null;
  hasAiAbility: boolean;
}

/**
 * Edit a course from the management list (`PUT /api/courses/{id}`); server field
 * errors show on their fields. Organisation admins also switch the course's
 * hasAiAbility (spec §3, §6: the previewer's question and AI quiz panels).
 */
export function EditCourseModal({ course, onClose }: { course: Course | null; onClose: () => void }) {
  const { t } = useTranslation('management');
  const toast = useToast();
  const [form] = Form.useForm<EditForm>();
  const { edit } = useCourseAdminActions();
  const { data: user } = useCurrentUser();
  const isAdmin = isOrgAdmin(user);

  useEffect(() => {
    if (course)
      form.setFieldsValue({
        name: course.name,
        course_code: course.course_code,
        display_name: course.display_name === course.name ? '' : course.display_name,
        academic_year: course.academic_year?.name ?? '',
        semester: course.semester?.name ?? '',
        dates: [course.start_date ? dayjs(course.start_date) : null, course.end_date ? dayjs(course.end_date) : null],
        hasAiAbility: course.hasAiAbility,
      });
  }, [course, form]);

  const submit = (v: EditForm) => {
    if (!course) return;
    edit.mutate(
      {
        id: course.id,
        body: {
          name: v.name,
          course_code: v.course_code,
          display_name: v.display_name ?? '',
          academic_year: v.academic_year ?? '',
          semester: v.semester ?? '',
          start_date: v.dates?.[0]?.toISOString() ?? null,
          end_date: v.dates?.[1]?.toISOString() ?? null,
          ...(isAdmin && v.hasAiAbility !== course.hasAiAbility ? { hasAiAbility: v.hasAiAbility } : {}),
        },
      },
      {
        onSuccess: () => {
          toast.success(t('courses.saved'));
          onClose();
        },
        onError: (error) => {
          const shown = showFieldErrors(form, error, { aliases: { start_date: 'dates', end_date: 'dates' } });
          if (shown.fieldErrors.length === 0) toast.error(shown.rest ?? t('common:result.error.title'));
        },
      },
    );
  };

  return (
    <Modal
      open={course !== null}
      title={t('courses.editTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={edit.isPending}
      okText={t('courses.save')}
      cancelText={t('common:action.cancel')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item name="name" label={t('courses.name')} rules={[{ required: true, whitespace: true, message: t('courses.nameRequired') }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="course_code" label={t('courses.code')} rules={[{ required: true, whitespace: true, message: t('courses.codeRequired') }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="display_name" label={t('courses.displayName')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="academic_year" label={t('courses.academicYear')}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="semester" label={t('courses.semester')}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="dates" label={t('courses.dates')}>
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" allowEmpty={[true, true]} style={{ width: '100%' }} />
        </Form.Item>
        {isAdmin && (
          <Form.Item name="hasAiAbility" label={t('courses.hasAiAbility')} valuePropName="checked" extra={t('courses.hasAiAbilityHint')}>
            <Switch />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
