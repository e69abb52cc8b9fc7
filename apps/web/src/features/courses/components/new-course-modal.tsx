import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CreateCourseBody } from '@atrium/contracts';
import { showFieldErrors } from '../../../lib/form-errors';
import { useCreateCourse } from '../api';

const FIELDS = ['name', 'course_code', 'display_name', 'academic_year', 'semester'] as const;

/** Drops empty optional strings so the server sees only what the user typed. */
function cleanBody(values: CreateCourseBody): CreateCourseBody {
  const body: CreateCourseBody = { name: values.name.trim(), course_code: values.course_code.trim() };
  for (const key of ['display_name', 'academic_year', 'semester'] as const) {
    const value = values[key]?.trim();
    if (value) body[key] = value;
  }
  return body;
}

/** Course types with their own creation flow (spec §2 `/user/studios` type 7, `/user/project` type 8). */
export type SpecialCourseType = 7 | 8;

/**
 * "New course" form (instructors and admins): `POST /api/course`, then opens the
 * new course. Field errors of the answer are shown on their fields. With `courseType`
 * it creates a studio (7) or a project (8), titled as such.
 */
export function NewCourseModal({ open, onClose, courseType }: { open: boolean; onClose: () => void; courseType?: SpecialCourseType }) {
  const { t } = useTranslation('courses');
  const navigate = useNavigate();
  const [form] = Form.useForm<CreateCourseBody>();
  const create = useCreateCourse();
  const [formError, setFormError] = useState<string | null>(null);

  const onFinish = (values: CreateCourseBody) => {
    setFormError(null);
    const body = courseType ? { ...cleanBody(values), course_type: courseType } : cleanBody(values);
    create.mutate(body, {
      onSuccess: (course) => {
        onClose();
        void navigate(`/course/${course.id}`);
      },
      onError: (error) => {
        const shown = showFieldErrors(form, error, { fields: FIELDS });
        setFormError(shown.fieldErrors.length > 0 ? null : (shown.rest ?? t('common:result.error.title')));
      },
    });
  };

  return (
    <Modal
      open={open}
      title={t(courseType === 7 ? 'create.titleStudio' : courseType === 8 ? 'create.titleProject' : 'create.title')}
      okText={t('create.submit')}
      cancelText={t('common:action.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending}
      destroyOnHidden
      afterClose={() => {
        form.resetFields();
        setFormError(null);
      }}
    >
      {formError && <Alert type="error" showIcon role="alert" title={formError} style={{ marginBottom: 16 }} />}
      <Form<CreateCourseBody> form={form} layout="vertical" name="new-course" onFinish={onFinish}>
        <Form.Item label={t('create.name')} name="name" rules={[{ required: true, whitespace: true, message: t('create.nameRequired') }, { max: 200 }]}>
          <Input autoFocus maxLength={200} />
        </Form.Item>
        <Form.Item
          label={t('create.courseCode')}
          name="course_code"
          rules={[{ required: true, whitespace: true, message: t('create.courseCodeRequired') }, { max: 50 }]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item label={t('create.displayName')} name="display_name" extra={t('create.displayNameHint')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item label={t('create.academicYear')} name="academic_year">
          <Input maxLength={50} placeholder="2025-2026" />
        </Form.Item>
        <Form.Item label={t('create.semester')} name="semester">
          <Input maxLength={50} />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
