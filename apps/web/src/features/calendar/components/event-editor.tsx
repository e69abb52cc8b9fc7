import { Button, Checkbox, DatePicker, Form, Input, Modal, Popconfirm, Radio, Select, Space, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CALENDAR_ALERTS, DEFAULT_CALENDAR_ALERT_ID, USER_ROLE, type CalendarEvent, type CalendarEventBody } from '@atrium/contracts';
import { useCourseStudents, useCoursesGroups, useDeleteEvent, useDepartments, useSaveEvent } from '../api';
import { allDayEndForEdit, allDayEndForSave, newEventTimes, toggledAllDayTimes } from '../lib/calendar-defaults';
import { showFieldErrors } from '../../../lib/form-errors';
import { fromZoneWall, toZoneWall, useCalendarZone } from '../lib/zone';
import { EventAttachments, type Attachment } from './event-attachments';
import { useToast } from '../../../lib/toast';

interface FormValues {
  title: string;
  all_day: boolean;
  start: Dayjs;
  end: Dayjs;
  location?: string;
  description?: string;
  target_type: 'self' | 'department' | 'course';
  event_target_data_department_multi_select_tree?: number[];
  role_ids?: number[];
  /** The chosen courses (spec §3 course_ids; the field keeps the spec's name for its 'data required' error). */
  target_data_course_id?: number[];
  all_courses?: boolean;
  target_data_user_ids?: number[];
  target_data_group_ids?: number[];
  upload_ids?: Attachment[];
  alert_on: boolean;
  alert_id?: number;
  send_email_alert: boolean;
  tag?: string;
}

/**
 * The course target of spec §3/§5: the chosen courses as course_ids (course_id the first, for
 * older readers); "all courses" sends none, which the server reads as all of the user's
 * courses. Students narrow a single course; groups may come from any chosen course.
 */
function courseTarget(v: FormValues): CalendarEventBody['target_data'] {
  if (v.all_courses) return { course_id: null, course_ids: [], all_courses: true, user_ids: [], group_ids: [] };
  const ids = v.target_data_course_id ?? [];
  return {
    course_id: ids[0] ?? null,
    course_ids: ids,
    all_courses: false,
    user_ids: ids.length === 1 ? (v.target_data_user_ids ?? []) : [],
    group_ids: v.target_data_group_ids ?? [],
  };
}

/** Props of EventEditor: the event to edit (or null for a new one, optionally at a chosen time). */
export interface EventEditorProps {
  open: boolean;
  event: CalendarEvent | null;
  initialRange?: { start: Date; end: Date; allDay: boolean } | null;
  userRole: number;
  courses: { id: number; name: string; role: string }[];
  onClose: () => void;
}

/**
 * The calendar event editor (spec §2 popup, §4 defaults, §5 validation): new events start at
 * the next full hour for one hour; all-day stores the end as the next day and shows it
 * minus one; toggling all-day resets the times; a course event goes to chosen courses (several
 * allowed) or all of the user's courses; server field errors land on the fields.
 */
export function EventEditor({ open, event, initialRange, userRole, courses, onClose }: EventEditorProps) {
  const { t } = useTranslation('calendar');
  const toast = useToast();
  const zone = useCalendarZone();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveEvent();
  const remove = useDeleteEvent();
  const targetType = Form.useWatch('target_type', form);
  const allDay = Form.useWatch('all_day', form);
  const alertOn = Form.useWatch('alert_on', form);
  const courseIds = Form.useWatch('target_data_course_id', form) ?? [];
  const allCourses = Form.useWatch('all_courses', form) ?? false;
  // Students are chosen within one course (the server's rule); groups from every chosen course.
  const courseId = !allCourses && courseIds.length === 1 ? courseIds[0] : undefined;
  const isAdmin = userRole === USER_ROLE.admin || userRole === USER_ROLE.wgAdmin;
  const teaching = courses.filter((c) => c.role !== 'student');
  const departments = useDepartments(open && isAdmin);
  const students = useCourseStudents(open && targetType === 'course' ? courseId : undefined);
  const groupIds = open && targetType === 'course' && !allCourses ? courseIds : [];
  const groups = useCoursesGroups(groupIds);
  const groupOptions = groups.flatMap((q, i) => {
    const course = teaching.find((c) => c.id === groupIds[i])?.name ?? '';
    return (q.data?.groups ?? []).map((g) => ({
      value: g.id,
      label:
        groupIds.length > 1
          ? t('event.groupOfCourse', { course, name: g.name, count: g.members.length })
          : t('event.groupOption', { name: g.name, count: g.members.length }),
    }));
  });
  const groupsLoading = groups.some((q) => q.isLoading);
  const groupsLoaded = groups.length > 0 && groups.every((q) => q.data);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (event) {
      const end = event.all_day ? allDayEndForEdit(toZoneWall(event.end_time, zone)) : toZoneWall(event.end_time, zone);
      form.setFieldsValue({
        title: event.title,
        all_day: event.all_day,
        start: toZoneWall(event.start_time, zone),
        end,
        location: event.location ?? undefined,
        description: event.description ?? undefined,
        target_type: event.target_type,
        event_target_data_department_multi_select_tree: event.target_data.department_ids,
        role_ids: event.target_data.role_ids,
        target_data_course_id: event.target_data.course_ids ?? (event.target_data.course_id ? [event.target_data.course_id] : []),
        all_courses: event.target_data.all_courses,
        target_data_user_ids: event.target_data.user_ids,
        target_data_group_ids: event.target_data.group_ids,
        upload_ids: event.uploads,
        alert_on: event.alert_id !== null,
        alert_id: event.alert_id ?? DEFAULT_CALENDAR_ALERT_ID,
        send_email_alert: event.send_email_alert,
        tag: event.tag ?? undefined,
      });
    } else {
      const defaults = newEventTimes(toZoneWall(new Date(), zone));
      const start = initialRange ? toZoneWall(initialRange.start, zone) : defaults.start;
      const end = initialRange
        ? initialRange.allDay
          ? allDayEndForEdit(toZoneWall(initialRange.end, zone))
          : toZoneWall(initialRange.end, zone)
        : defaults.end;
      form.setFieldsValue({
        title: '',
        all_day: initialRange?.allDay ?? false,
        start,
        end,
        target_type: 'self',
        upload_ids: [],
        alert_on: false,
        alert_id: DEFAULT_CALENDAR_ALERT_ID,
        send_email_alert: false,
      });
    }
  }, [open, event, initialRange, form, zone]);

  const onAllDayChange = (checked: boolean) => {
    const now = toZoneWall(new Date(), zone);
    const day = (form.getFieldValue('start') as Dayjs | undefined) ?? now;
    const times = toggledAllDayTimes(checked, day, now);
    form.setFieldsValue({ start: times.start, end: checked ? allDayEndForEdit(times.end) : times.end });
  };

  const submit = async (v: FormValues) => {
    const start = v.all_day ? v.start.startOf('day') : v.start;
    const end = v.all_day ? allDayEndForSave(v.end) : v.end;
    const body: CalendarEventBody = {
      title: v.title,
      all_day: v.all_day,
      start_time: fromZoneWall(start, zone),
      end_time: fromZoneWall(end, zone),
      location: v.location ?? null,
      description: v.description ?? null,
      target_type: v.target_type,
      target_data:
        v.target_type === 'department'
          ? { department_ids: v.event_target_data_department_multi_select_tree ?? [], role_ids: v.role_ids ?? [] }
          : v.target_type === 'course'
            ? courseTarget(v)
            : {},
      alert_id: v.alert_on ? (v.alert_id ?? DEFAULT_CALENDAR_ALERT_ID) : null,
      send_email_alert: v.alert_on && v.send_email_alert,
      tag: v.tag ?? null,
      upload_ids: (v.upload_ids ?? []).map((u) => u.id),
    };
    try {
      await save.mutateAsync({ id: event?.id, body });
      toast.success(t('page.saved'));
      onClose();
    } catch (error) {
      const first = showFieldErrors(form, error, {
        aliases: {
          start_time: 'start',
          end_time: 'end',
          target_data_user_ids: 'target_data_user_ids',
          target_data_group_ids: 'target_data_group_ids',
          upload_ids: 'upload_ids',
        },
      }).summary;
      if (first) toast.error(first);
    }
  };

  return (
    <Modal
      open={open}
      title={event ? t('event.editTitle') : t('event.newTitle')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          {event && (
            <Popconfirm
              title={t('common.confirmDelete')}
              onConfirm={async () => {
                await remove.mutateAsync(event.id);
                toast.success(t('page.deleted'));
                onClose();
              }}
            >
              <Button danger>{t('common.delete')}</Button>
            </Popconfirm>
          )}
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" onFinish={submit} disabled={!!event && !event.editable}>
        <Form.Item name="title" label={t('common.title')} rules={[{ required: true, whitespace: true, message: t('common.required') }]}>
          <Input maxLength={200} autoFocus />
        </Form.Item>
        <Form.Item name="all_day" label={t('event.allDay')} valuePropName="checked">
          <Switch onChange={onAllDayChange} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="start" label={t('common.start')} rules={[{ required: true, message: t('common.required') }]}>
            <DatePicker showTime={!allDay} format={allDay ? 'YYYY.MM.DD' : 'YYYY.MM.DD HH:mm'} />
          </Form.Item>
          <Form.Item name="end" label={t('common.end')} rules={[{ required: true, message: t('common.required') }]}>
            <DatePicker showTime={!allDay} format={allDay ? 'YYYY.MM.DD' : 'YYYY.MM.DD HH:mm'} />
          </Form.Item>
        </Space>
        <Form.Item name="location" label={t('common.location')}>
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item name="description" label={t('common.description')}>
          <Input.TextArea rows={3} maxLength={10000} />
        </Form.Item>
        <Form.Item name="target_type" label={t('event.target')}>
          <Radio.Group>
            <Radio value="self">{t('event.targetSelf')}</Radio>
            {teaching.length > 0 && <Radio value="course">{t('event.targetCourse')}</Radio>}
            {isAdmin && <Radio value="department">{t('event.targetDepartment')}</Radio>}
          </Radio.Group>
        </Form.Item>
        {targetType === 'department' && (
          <>
            <Form.Item
              name="event_target_data_department_multi_select_tree"
              label={t('event.departments')}
              rules={[{ required: true, message: t('common.dataRequired') }]}
            >
              <Select
                mode="multiple"
                loading={departments.isLoading}
                options={(departments.data?.departments ?? []).map((d) => ({ value: d.id, label: d.name }))}
                optionFilterProp="label"
              />
            </Form.Item>
            <Form.Item name="role_ids" label={t('event.roles')}>
              <Select
                mode="multiple"
                options={[
                  { value: USER_ROLE.instructor, label: t('event.roleInstructor') },
                  { value: USER_ROLE.student, label: t('event.roleStudent') },
                  { value: USER_ROLE.admin, label: t('event.roleAdmin') },
                ]}
              />
            </Form.Item>
          </>
        )}
        {targetType === 'course' && (
          <>
            <Form.Item name="all_courses" valuePropName="checked">
              <Checkbox>{t('event.allCourses')}</Checkbox>
            </Form.Item>
            {!allCourses && (
              <Form.Item name="target_data_course_id" label={t('event.courses')}>
                <Select
                  mode="multiple"
                  allowClear
                  aria-label={t('event.courses')}
                  options={teaching.map((c) => ({ value: c.id, label: c.name }))}
                  optionFilterProp="label"
                  showSearch
                />
              </Form.Item>
            )}
            {courseId && (
              <Form.Item name="target_data_user_ids" label={t('event.students')}>
                <Select
                  mode="multiple"
                  loading={students.isLoading}
                  options={(students.data?.students ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.user_no})` }))}
                  optionFilterProp="label"
                />
              </Form.Item>
            )}
            {groupIds.length > 0 && (
              <Form.Item
                name="target_data_group_ids"
                label={t('event.groups')}
                extra={groupsLoaded && groupOptions.length === 0 ? t('event.noGroups') : undefined}
              >
                <Select mode="multiple" aria-label={t('event.groups')} loading={groupsLoading} options={groupOptions} optionFilterProp="label" />
              </Form.Item>
            )}
          </>
        )}
        <Space wrap align="start">
          <Form.Item name="alert_on" label={t('event.alertOn')} valuePropName="checked">
            <Switch />
          </Form.Item>
          {alertOn && (
            <>
              <Form.Item name="alert_id" label={t('event.alert')}>
                <Select
                  style={{ minWidth: 180 }}
                  options={CALENDAR_ALERTS.map((a) => ({
                    value: a.id,
                    label: a.minutes_before === 0 ? t('event.alertAtStart') : t('event.alertMinutes', { count: a.minutes_before }),
                  }))}
                />
              </Form.Item>
              <Form.Item name="send_email_alert" label=" " valuePropName="checked">
                <Checkbox>{t('event.emailAlert')}</Checkbox>
              </Form.Item>
            </>
          )}
        </Space>
        <Form.Item name="upload_ids" label={t('event.attachments')}>
          <EventAttachments />
        </Form.Item>
        <Form.Item name="tag" label={t('event.tag')}>
          <Input maxLength={50} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
