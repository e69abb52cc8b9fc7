import { Button, Checkbox, DatePicker, Form, Input, InputNumber, Modal, Popconfirm, Radio, Select, Space, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normaliseTimetable, TIMETABLE_DEFAULT_COLORS, WEEKDAY_NUMBERS, type RepeatType, type Timetable, type UpdateScope } from '@atrium/contracts';
import { useDeleteTimetable, useSaveTimetable } from '../api';
import { newTimetableDefaults } from '../lib/calendar-defaults';
import { showFieldErrors } from '../../../lib/form-errors';
import { fromZoneWall, toZoneWall, useCalendarZone } from '../lib/zone';
import { useToast } from '../../../lib/toast';

interface FormValues {
  course_id?: number;
  start: Dayjs;
  end: Dayjs;
  repeat_type: RepeatType;
  repeat_frequency?: number;
  repeat_weekly_days?: number[];
  repeat_end_date?: Dayjs;
  location?: string;
  description?: string;
  color: string;
  update_scope: UpdateScope;
  send_ntf: boolean;
  ntf_content?: string;
}

/** Props of TimetablePopup: an occurrence to edit, or null for a new timetable. */
export interface TimetablePopupProps {
  open: boolean;
  occurrence: Timetable | null;
  courses: { id: number; name: string; role: string }[];
  onClose: () => void;
}

/**
 * The timetable create/edit popup (spec §2, §4 defaults, §5 save normalisation): a new one
 * starts at the next full hour plus one hour, two hours long, no_repeat, frequency 1, first
 * default colour; editing defaults update_scope to current and send_ntf to false. Closing
 * discards it. Field errors of the server (course_id, repeat_weekly_days) show on the fields.
 */
export function TimetablePopup({ open, occurrence, courses, onClose }: TimetablePopupProps) {
  const { t } = useTranslation('calendar');
  const toast = useToast();
  const zone = useCalendarZone();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveTimetable();
  const remove = useDeleteTimetable();
  const [deleteScope, setDeleteScope] = useState<UpdateScope>('current');
  const repeatType = Form.useWatch('repeat_type', form);
  const sendNtf = Form.useWatch('send_ntf', form);
  const updateScope = Form.useWatch('update_scope', form);
  const teaching = courses.filter((c) => c.role !== 'student');

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (occurrence) {
      form.setFieldsValue({
        course_id: occurrence.course_id,
        start: toZoneWall(occurrence.start_time, zone),
        end: toZoneWall(occurrence.end_time, zone),
        repeat_type: occurrence.repeat_type,
        repeat_frequency: occurrence.repeat_frequency ?? 1,
        repeat_weekly_days: occurrence.repeat_weekly_days ? occurrence.repeat_weekly_days.split(',').map(Number) : [],
        repeat_end_date: occurrence.repeat_end_date ? dayjs(occurrence.repeat_end_date) : undefined,
        location: occurrence.location ?? undefined,
        description: occurrence.description ?? undefined,
        color: occurrence.color,
        update_scope: 'current',
        send_ntf: false,
      });
    } else {
      const d = newTimetableDefaults(toZoneWall(new Date(), zone));
      form.setFieldsValue({
        course_id: teaching[0]?.id,
        start: d.start,
        end: d.end,
        repeat_type: d.repeat_type,
        repeat_frequency: d.repeat_frequency,
        color: d.color,
        update_scope: 'current',
        send_ntf: false,
        repeat_weekly_days: [((d.start.day() + 6) % 7) + 1],
      });
    }
    // teaching is derived from props; re-running on its identity would reset the form while typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, occurrence, form, zone]);

  const submit = async (v: FormValues) => {
    const n = normaliseTimetable({
      course_id: v.course_id!,
      start_time: fromZoneWall(v.start, zone),
      end_time: fromZoneWall(v.end, zone),
      repeat_type: v.repeat_type,
      repeat_frequency: v.repeat_frequency,
      repeat_weekly_days: v.repeat_weekly_days,
      repeat_end_date: v.repeat_end_date?.format('YYYY-MM-DD'),
      location: v.location ?? null,
      description: v.description ?? null,
      color: v.color,
      send_ntf: v.send_ntf,
      ntf_content: v.ntf_content,
      ...(occurrence && occurrence.origin_repeat_type !== 'no_repeat' && occurrence.repeat_type !== 'no_repeat' ? { update_scope: v.update_scope } : {}),
    });
    try {
      const body = occurrence
        ? { ...n, update_scope: v.update_scope, update_target_time: occurrence.start_time, origin_repeat_type: occurrence.repeat_type }
        : n;
      await save.mutateAsync({ id: occurrence?.id, body });
      toast.success(t('page.saved'));
      onClose();
    } catch (error) {
      const first = showFieldErrors(form, error, { aliases: { start_time: 'start', end_time: 'end', repeat_end_date: 'repeat_end_date' } }).summary;
      if (first) toast.error(first);
    }
  };

  const isSeries = !!occurrence && occurrence.repeat_type !== 'no_repeat';
  const repeatLocked = isSeries && updateScope === 'current';
  return (
    <Modal
      open={open}
      title={occurrence ? t('timetable.editTitle') : t('timetable.newTitle')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space wrap>
          {occurrence?.editable && (
            <Popconfirm
              title={t('timetable.deleteTitle')}
              description={
                isSeries ? (
                  <Radio.Group value={deleteScope} onChange={(e) => setDeleteScope(e.target.value as UpdateScope)}>
                    <Radio value="current">{t('timetable.scope.current')}</Radio>
                    <Radio value="current_and_after">{t('timetable.scope.current_and_after')}</Radio>
                  </Radio.Group>
                ) : undefined
              }
              onConfirm={async () => {
                try {
                  await remove.mutateAsync({
                    id: occurrence.id,
                    body: { target_time: occurrence.start_time, update_scope: isSeries ? deleteScope : 'current' },
                  });
                  toast.success(t('page.deleted'));
                  onClose();
                } catch (error) {
                  toast.error(showFieldErrors(form, error).summary ?? t('page.moveFailed'));
                }
              }}
            >
              <Button danger>{t('common.delete')}</Button>
            </Popconfirm>
          )}
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          {(!occurrence || occurrence.editable) && (
            <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
              {t('common.save')}
            </Button>
          )}
        </Space>
      }
    >
      <Form form={form} layout="vertical" onFinish={submit} disabled={!!occurrence && !occurrence.editable}>
        {occurrence && occurrence.instructors_names.length > 0 && <p>{`${t('timetable.instructors')}: ${occurrence.instructors_names.join(', ')}`}</p>}
        <Form.Item name="course_id" label={t('timetable.course')} rules={[{ required: true, message: t('common.required') }]}>
          <Select options={teaching.map((c) => ({ value: c.id, label: c.name }))} optionFilterProp="label" showSearch />
        </Form.Item>
        {isSeries && (
          <Form.Item name="update_scope" label={t('timetable.updateScope')}>
            <Radio.Group>
              <Radio value="current">{t('timetable.scope.current')}</Radio>
              <Radio value="current_and_after">{t('timetable.scope.current_and_after')}</Radio>
            </Radio.Group>
          </Form.Item>
        )}
        <Space wrap>
          <Form.Item name="start" label={t('common.start')} rules={[{ required: true, message: t('common.required') }]}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY.MM.DD HH:mm" />
          </Form.Item>
          <Form.Item name="end" label={t('common.end')} rules={[{ required: true, message: t('common.required') }]}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY.MM.DD HH:mm" />
          </Form.Item>
        </Space>
        {!repeatLocked && (
          <>
            <Form.Item name="repeat_type" label={t('timetable.repeatType')}>
              <Select options={(['no_repeat', 'day', 'week', 'custom'] as const).map((r) => ({ value: r, label: t(`timetable.repeat.${r}`) }))} />
            </Form.Item>
            {repeatType === 'custom' && (
              <Form.Item name="repeat_frequency" label={t('timetable.frequency')}>
                <InputNumber min={1} max={52} />
              </Form.Item>
            )}
            {(repeatType === 'week' || repeatType === 'custom') && (
              <Form.Item name="repeat_weekly_days" label={t('timetable.weeklyDays')} rules={[{ required: true, message: t('common.required') }]}>
                <Checkbox.Group options={WEEKDAY_NUMBERS.map((d) => ({ value: d, label: t(`timetable.days.${d}`) }))} />
              </Form.Item>
            )}
            {repeatType !== 'no_repeat' && (
              <Form.Item name="repeat_end_date" label={t('timetable.endDate')}>
                <DatePicker format="YYYY.MM.DD" />
              </Form.Item>
            )}
          </>
        )}
        <Form.Item name="location" label={t('common.location')}>
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item name="description" label={t('common.description')}>
          <Input.TextArea rows={2} maxLength={10000} />
        </Form.Item>
        <Form.Item name="color" label={t('timetable.color')}>
          <Radio.Group>
            {TIMETABLE_DEFAULT_COLORS.map((c) => (
              <Radio key={c} value={c} aria-label={c}>
                <span style={{ display: 'inline-block', width: 16, height: 16, borderRadius: 4, background: c, verticalAlign: 'middle' }} />
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item name="send_ntf" label={t('timetable.sendNtf')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {sendNtf && (
          <Form.Item name="ntf_content" label={t('timetable.ntfContent')}>
            <Input.TextArea rows={2} maxLength={2000} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
