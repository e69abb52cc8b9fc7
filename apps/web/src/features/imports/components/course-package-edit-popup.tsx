import { useEffect } from 'react';
import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CoursePackageItem } from '@atrium/contracts';
import { showFieldErrors } from '../../../lib/form-errors';
import { useUpdateCoursePackage, type CoursePackagePatch } from '../api';
import { useToast } from '../../../lib/toast';

interface FormValues {
  course_name: string;
  course_code: string;
  academic_year: string;
  semester: string;
  college: string;
  department: string;
  instructors: string[];
}

/** Empty text is stored as null (the list shows "—"), as a backup without the field reads. */
const orNull = (value: string | undefined) => (value?.trim() ? value.trim() : null);

/**
 * An organisation admin corrects a course package's metadata (spec §3 Course
 * package item, "editable by admins"; issue 8): course name (required) and
 * code, academic year, semester, college, department and instructors (typed as
 * tags). Saves with `PUT /api/uploads/moodle-pkg/{id}`; the server's field
 * errors show on their fields, any other refusal as its message.
 */
export function CoursePackageEditPopup({ item, onClose }: { item: CoursePackageItem; onClose: () => void }) {
  const { t } = useTranslation('imports');
  const toast = useToast();
  const [form] = Form.useForm<FormValues>();
  const update = useUpdateCoursePackage();

  useEffect(() => {
    const d = item.data;
    form.setFieldsValue({
      course_name: d.course_name,
      course_code: d.course_code,
      academic_year: d.academic_year ?? '',
      semester: d.semester ?? '',
      college: d.college ?? '',
      department: d.department ?? '',
      instructors: d.instructors,
    });
  }, [form, item]);

  const save = (values: FormValues) => {
    const patch: CoursePackagePatch = {
      course_name: values.course_name.trim(),
      course_code: values.course_code?.trim() ?? '',
      academic_year: orNull(values.academic_year),
      semester: orNull(values.semester),
      college: orNull(values.college),
      department: orNull(values.department),
      instructors: (values.instructors ?? []).map((name) => name.trim()).filter(Boolean),
    };
    update.mutate(
      { id: item.id, patch },
      {
        onSuccess: () => {
          toast.success(t('edit.saved'));
          onClose();
        },
        onError: (error) => {
          const shown = showFieldErrors(form, error);
          if (shown.fieldErrors.length === 0) toast.error(shown.rest ?? t('edit.failed'));
        },
      },
    );
  };

  return (
    <Modal
      open
      title={t('edit.title', { name: item.name })}
      okText={t('edit.save')}
      cancelText={t('popup.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={update.isPending}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Form<FormValues> form={form} layout="vertical" onFinish={save}>
        <Form.Item
          name="course_name"
          label={t('columns.courseName')}
          rules={[{ required: true, whitespace: true, message: t('edit.nameRequired') }, { max: 200 }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="course_code" label={t('columns.courseCode')} rules={[{ max: 50 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="academic_year" label={t('columns.academicYear')} rules={[{ max: 50 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="semester" label={t('columns.semester')} rules={[{ max: 50 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="college" label={t('columns.college')} rules={[{ max: 200 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="department" label={t('edit.department')} rules={[{ max: 200 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="instructors" label={t('columns.instructors')} extra={t('edit.instructorsHelp')}>
          <Select mode="tags" open={false} suffixIcon={null} aria-label={t('columns.instructors')} tokenSeparators={[',']} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
