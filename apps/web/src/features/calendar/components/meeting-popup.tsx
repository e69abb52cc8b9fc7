import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, DatePicker, Descriptions, Form, Input, Modal, Popconfirm, Select, Space, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Meeting, MeetingBody, UserSearchResult } from '@atrium/contracts';
import { useDeleteMeeting, useSaveMeeting } from '../api';
import { newMeetingTimes } from '../lib/calendar-defaults';
import { showFieldErrors } from '../../../lib/form-errors';
import { fromZoneWall, toZoneWall, useCalendarZone } from '../lib/zone';
import { MeetingReviewActions } from './meeting-review-actions';
import { UserSearchSelect } from './user-search-select';
import { useToast } from '../../../lib/toast';

interface FormValues {
  title: string;
  kind: Meeting['kind'];
  start: Dayjs;
  end: Dayjs;
  description?: string;
  join_url?: string;
  live_addr?: string;
  room?: string;
  teaching_unit?: string;
  host_user_id?: number | null;
  participant_ids?: number[];
  course_id?: number | null;
  /** Replay (recording) addresses, one per row (spec §3 data.replay_address[]). */
  replay_address?: string[];
}

/** Props of MeetingPopup: a meeting to show or edit, or null for a new one. */
export interface MeetingPopupProps {
  open: boolean;
  meeting: Meeting | null;
  orgId: number;
  /** The signed-in user: the default host of a new meeting. */
  me: UserSearchResult;
  /** Courses the user teaches (a meeting's course; the server refuses others). */
  courses: { id: number; name: string }[];
  /** The user is an organisation administrator: approve and reject show (spec §4 audit_status, decision 0021). */
  canReview?: boolean;
  onClose: () => void;
}

/**
 * The calendar meeting popup (spec §2, §3, §4): a new meeting starts 10 minutes from now on
 * the minute; an existing one opens as a form only when the server says it is form-editable
 * (rejected, or an instruction-team meeting); otherwise its details show read-only. Replay
 * addresses are edited as a list. An org admin also approves or rejects a meeting under
 * review. Delete failures toast the server message (spec §8).
 */
export function MeetingPopup({ open, meeting, orgId, me, courses, canReview = false, onClose }: MeetingPopupProps) {
  const { t } = useTranslation('calendar');
  const toast = useToast();
  const zone = useCalendarZone();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveMeeting();
  const remove = useDeleteMeeting();
  const isForm = !meeting || meeting.form_editable;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (meeting) {
      form.setFieldsValue({
        title: meeting.title,
        kind: meeting.kind,
        start: toZoneWall(meeting.start_time, zone),
        end: toZoneWall(meeting.end_time, zone),
        description: meeting.data.description ?? undefined,
        join_url: meeting.data.join_url ?? undefined,
        live_addr: meeting.data.live_config.live_addr ?? undefined,
        room: meeting.room ?? undefined,
        teaching_unit: meeting.teaching_unit ?? undefined,
        host_user_id: meeting.data.host_user.id,
        participant_ids: meeting.participant_ids,
        course_id: meeting.course_id,
        replay_address: meeting.data.replay_address,
      });
    } else {
      const { start, end } = newMeetingTimes(toZoneWall(new Date(), zone));
      form.setFieldsValue({ title: '', kind: 'meeting', start, end, host_user_id: me.id, participant_ids: [], course_id: null, replay_address: [] });
    }
  }, [open, meeting, form, me.id, zone]);

  const submit = async (v: FormValues) => {
    const body: MeetingBody = {
      title: v.title,
      kind: v.kind,
      start_time: fromZoneWall(v.start, zone),
      end_time: fromZoneWall(v.end, zone),
      data: {
        description: v.description ?? null,
        join_url: v.join_url ?? null,
        live_config: { live_addr: v.live_addr ?? null },
        replay_address: (v.replay_address ?? []).map((a) => a.trim()).filter(Boolean),
        host_user: { id: v.host_user_id ?? me.id },
      },
      scope_org_ids: meeting?.scope_org_ids || String(orgId),
      participant_ids: v.participant_ids ?? [],
      course_id: v.course_id ?? null,
      room: v.room ?? null,
      teaching_unit: v.teaching_unit ?? null,
    };
    try {
      await save.mutateAsync({ id: meeting?.id, body });
      toast.success(t('page.saved'));
      onClose();
    } catch (error) {
      const first = showFieldErrors(form, error, {
        aliases: {
          start_time: 'start',
          end_time: 'end',
          'data.host_user': 'host_user_id',
          participant_ids: 'participant_ids',
          course_id: 'course_id',
        },
      }).summary;
      if (first) toast.error(first);
    }
  };

  const onDelete = async () => {
    if (!meeting) return;
    try {
      await remove.mutateAsync(meeting.id);
      toast.success(t('page.deleted'));
      onClose();
    } catch (error) {
      toast.error(error, t('page.moveFailed'));
    }
  };

  return (
    <Modal
      open={open}
      title={meeting ? t('meeting.editTitle') : t('meeting.newTitle')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space wrap>
          {meeting && canReview && <MeetingReviewActions meeting={meeting} onReviewed={onClose} />}
          {meeting?.editable && (
            <Popconfirm title={t('common.confirmDelete')} onConfirm={onDelete}>
              <Button danger>{t('common.delete')}</Button>
            </Popconfirm>
          )}
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          {isForm && (
            <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
              {t('common.save')}
            </Button>
          )}
        </Space>
      }
    >
      {meeting && (
        <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('meeting.auditStatus')}>
            <Tag color={meeting.data.audit_status === 'agree' ? 'green' : meeting.data.audit_status === 'reject' ? 'red' : 'gold'}>
              {t(`meeting.audit.${meeting.data.audit_status}`)}
            </Tag>
            {meeting.is_ended ? <Tag>{t('meeting.ended')}</Tag> : meeting.is_started ? <Tag color="blue">{t('meeting.started')}</Tag> : null}
          </Descriptions.Item>
          <Descriptions.Item label={t('meeting.host')}>{`${meeting.data.host_user.name} (${meeting.data.host_user.user_no})`}</Descriptions.Item>
          {!isForm && (
            <>
              <Descriptions.Item label={t('common.title')}>{meeting.title}</Descriptions.Item>
              <Descriptions.Item label={t('common.start')}>{toZoneWall(meeting.start_time, zone).format('YYYY.MM.DD HH:mm')}</Descriptions.Item>
              <Descriptions.Item label={t('common.end')}>{toZoneWall(meeting.end_time, zone).format('YYYY.MM.DD HH:mm')}</Descriptions.Item>
              {meeting.data.join_url && (
                <Descriptions.Item label={t('meeting.joinUrl')}>
                  <a href={meeting.data.join_url} target="_blank" rel="noreferrer">
                    {meeting.data.join_url}
                  </a>
                </Descriptions.Item>
              )}
              {meeting.participants.length > 0 && (
                <Descriptions.Item label={t('meeting.participants')}>{meeting.participants.map((p) => p.name).join(', ')}</Descriptions.Item>
              )}
              {meeting.course_id !== null && (
                <Descriptions.Item label={t('meeting.course')}>
                  {courses.find((c) => c.id === meeting.course_id)?.name ?? `#${meeting.course_id}`}
                </Descriptions.Item>
              )}
              {meeting.room && <Descriptions.Item label={t('meeting.room')}>{meeting.room}</Descriptions.Item>}
              {meeting.data.replay_address.length > 0 && (
                <Descriptions.Item label={t('meeting.replay')}>
                  <Space direction="vertical" size={0}>
                    {meeting.data.replay_address.map((a) => (
                      <a key={a} href={a} target="_blank" rel="noreferrer">
                        {a}
                      </a>
                    ))}
                  </Space>
                </Descriptions.Item>
              )}
            </>
          )}
        </Descriptions>
      )}
      {meeting && !isForm && <Alert type="info" showIcon message={t('meeting.readOnly')} />}
      {isForm && (
        <Form form={form} layout="vertical" onFinish={submit}>
          <Form.Item name="title" label={t('common.title')} rules={[{ required: true, whitespace: true, message: t('common.required') }]}>
            <Input maxLength={200} autoFocus />
          </Form.Item>
          <Form.Item name="kind" label={t('meeting.kind')}>
            <Select
              disabled={!!meeting}
              options={(['meeting', 'instruction', 'cloud_classroom'] as const).map((k) => ({ value: k, label: t(`meeting.kinds.${k}`) }))}
            />
          </Form.Item>
          <Space wrap>
            <Form.Item name="start" label={t('common.start')} rules={[{ required: true, message: t('common.required') }]}>
              <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY.MM.DD HH:mm" />
            </Form.Item>
            <Form.Item name="end" label={t('common.end')} rules={[{ required: true, message: t('common.required') }]}>
              <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY.MM.DD HH:mm" />
            </Form.Item>
          </Space>
          <Form.Item name="host_user_id" label={t('meeting.host')} rules={[{ required: true, message: t('common.required') }]}>
            <UserSearchSelect known={[me, ...(meeting ? [meeting.data.host_user] : [])]} aria-label={t('meeting.host')} />
          </Form.Item>
          <Form.Item name="participant_ids" label={t('meeting.participants')}>
            <UserSearchSelect mode="multiple" known={meeting?.participants ?? []} aria-label={t('meeting.participants')} />
          </Form.Item>
          <Form.Item name="course_id" label={t('meeting.course')}>
            <Select
              allowClear
              aria-label={t('meeting.course')}
              placeholder={t('meeting.noCourse')}
              options={courses.map((c) => ({ value: c.id, label: c.name }))}
              optionFilterProp="label"
              showSearch
            />
          </Form.Item>
          <Form.Item name="description" label={t('common.description')}>
            <Input.TextArea rows={2} maxLength={10000} />
          </Form.Item>
          <Form.Item name="join_url" label={t('meeting.joinUrl')}>
            <Input maxLength={2000} />
          </Form.Item>
          <Form.Item name="live_addr" label={t('meeting.liveAddr')}>
            <Input maxLength={2000} />
          </Form.Item>
          <Form.Item label={t('meeting.replay')} required={false}>
            <Form.List name="replay_address">
              {(fields, { add, remove }) => (
                <Space direction="vertical" style={{ width: '100%' }}>
                  {fields.map((field, index) => (
                    <Space key={field.key} align="baseline" style={{ width: '100%' }}>
                      <Form.Item name={field.name} noStyle rules={[{ type: 'url', message: t('meeting.replayInvalid') }]}>
                        <Input maxLength={2000} style={{ width: 380 }} aria-label={t('meeting.replayAddress', { n: index + 1 })} placeholder="https://" />
                      </Form.Item>
                      <Button
                        type="text"
                        icon={<DeleteOutlined />}
                        aria-label={t('meeting.removeReplay', { n: index + 1 })}
                        onClick={() => remove(field.name)}
                      />
                    </Space>
                  ))}
                  {fields.length < 50 && (
                    <Button type="dashed" icon={<PlusOutlined />} onClick={() => add('')}>
                      {t('meeting.addReplay')}
                    </Button>
                  )}
                </Space>
              )}
            </Form.List>
          </Form.Item>
          <Space wrap>
            <Form.Item name="room" label={t('meeting.room')}>
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item name="teaching_unit" label={t('meeting.teachingUnit')}>
              <Input maxLength={200} />
            </Form.Item>
          </Space>
        </Form>
      )}
    </Modal>
  );
}
