import 'temporal-polyfill/global';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import zhCnLocale from '@fullcalendar/react/locales/zh-cn';
import zhTwLocale from '@fullcalendar/react/locales/zh-tw';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import type { EventChangeInfo } from '@fullcalendar/react';
import { Alert, Button, Segmented, Space, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { USER_ROLE, type CalendarEvent, type CalendarView, type Meeting, type Timetable } from '@atrium/contracts';
import { fieldErrorsOf } from '../../../lib/form-errors';
import { useCurrentUser } from '../../auth/api';
import { useCalendarLists, useOrg, useSaveEvent, useSaveMeeting, useSaveTimetable, useUserCourses, type CalendarRange } from '../api';
import { EventEditor } from '../components/event-editor';
import { FeedPopup } from '../components/feed-popup';
import { MeetingPopup } from '../components/meeting-popup';
import { TimetablePopup } from '../components/timetable-popup';
import { availableViews, calendarTitle, fullCalendarLocale, initialView, listsOf } from '../lib/calendar-defaults';
import { toCalendarItems, type ItemRef } from '../lib/calendar-items';
import { CalendarZoneContext } from '../lib/zone';
import { accountTimeZone } from '../lib/account-zone';
import { useToast } from '../../../lib/toast';

type Popup =
  | { kind: 'event'; event: CalendarEvent | null; range?: { start: Date; end: Date; allDay: boolean } | null }
  | { kind: 'timetable'; occurrence: Timetable | null }
  | { kind: 'meeting'; meeting: Meeting | null }
  | { kind: 'feed' }
  | null;

/** The first field error of a failed save, else the server message (spec §8 "calendar save errors are shown on the fields"). */
function firstError(error: unknown): string | null {
  return fieldErrorsOf(error, () => null).summary;
}

/**
 * The calendar screen (spec §2): views timetable, event, meeting, instructionMeeting,
 * cloudClassroom and all by the org's toggles (spec §6); weeks start on Monday; month title
 * YYYY.MM, week and day titles numeric too (`calendarTitle`); month, week and day layouts; dragging or resizing saves the new start and end and
 * snaps back on error with the field error shown.
 */
export function CalendarPage() {
  const { t, i18n } = useTranslation('calendar');
  const toast = useToast();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const org = useOrg();
  const courses = useUserCourses(me.data?.id);
  const toggles = org.data?.toggles;
  const [chosenView, setChosenView] = useState<CalendarView | null>(null);
  const view: CalendarView = chosenView ?? (toggles ? initialView(toggles) : 'all');
  const [range, setRange] = useState<CalendarRange | null>(null);
  const [popup, setPopup] = useState<Popup>(null);
  const lists = useCalendarLists(
    toggles ? range : null,
    // Live activities of my courses show in the all and meeting views (decision 0150).
    toggles
      ? { ...listsOf(view, toggles), live: view === 'all' || view === 'meeting' }
      : { timetable: false, event: false, meeting: false, instructionMeeting: false, cloudClassroom: false },
  );
  const saveEvent = useSaveEvent();
  const saveTimetable = useSaveTimetable();
  const saveMeeting = useSaveMeeting();

  const items = useMemo(
    () =>
      toCalendarItems({
        timetables: lists.timetables.data?.timetables,
        events: lists.events.data?.calendar_events,
        meetings: [...(lists.meetings.data?.meetings ?? []), ...(lists.instruction.data?.meetings ?? []), ...(lists.cloud.data?.cloud_classrooms ?? [])],
        live: lists.live.data?.live_activities,
      }),
    [lists.timetables.data, lists.events.data, lists.meetings.data, lists.instruction.data, lists.cloud.data, lists.live.data],
  );
  const failed = [lists.timetables, lists.events, lists.meetings, lists.instruction, lists.cloud, lists.live].find((q) => q.isError);
  const fetching = [lists.timetables, lists.events, lists.meetings, lists.instruction, lists.cloud, lists.live].some((q) => q.isFetching);

  if (org.isError || me.isError)
    return <Alert type="error" showIcon message={t('page.loadError')} action={<Button onClick={() => void org.refetch()}>{t('page.retry')}</Button>} />;
  if (!toggles || !me.data) return <Spin style={{ display: 'block', margin: '20vh auto' }} />;

  const teaching = (courses.data?.courses ?? []).filter((c) => c.role !== 'student');
  // Decision 0020: the user's zone, else the organisation's; the grid and the popups show wall-clock times in it.
  const zone = accountTimeZone(me.data, org.data);
  const canMeet = me.data.role !== USER_ROLE.student && (toggles.meeting || toggles.instruction_meeting || toggles.cloud_classroom);

  const onChange = async (info: EventChangeInfo) => {
    const ref = info.event.extendedProps.ref as ItemRef;
    // Live activities are not editable here (their times are the activity's).
    if (ref.kind === 'live') return info.revert();
    const start = info.event.start!.toISOString();
    const end = (info.event.end ?? new Date(info.event.start!.getTime() + 3_600_000)).toISOString();
    try {
      if (ref.kind === 'event') await saveEvent.mutateAsync({ id: ref.item.id, body: { start_time: start, end_time: end, all_day: info.event.allDay } });
      else if (ref.kind === 'meeting') await saveMeeting.mutateAsync({ id: ref.item.id, body: { start_time: start, end_time: end } });
      else {
        const o = ref.item;
        await saveTimetable.mutateAsync({
          id: o.id,
          body: {
            course_id: o.course_id,
            start_time: start,
            end_time: end,
            repeat_type: 'no_repeat',
            location: o.location,
            description: o.description,
            send_ntf: false,
            update_scope: 'current',
            update_target_time: o.start_time,
            origin_repeat_type: o.repeat_type,
          },
        });
      }
    } catch (error) {
      info.revert();
      toast.error(firstError(error) ?? t('page.moveFailed'));
    }
  };

  return (
    <CalendarZoneContext.Provider value={zone}>
      <div className="atrium-calendar" style={{ padding: 16 }}>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
          <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
            {t('page.title')} {fetching && <Spin size="small" />}
          </Typography.Title>
          <Typography.Text type="secondary">
            {t('page.zone', { zone })} · <Link to="/user/settings">{t('page.changeZone')}</Link>
          </Typography.Text>
          <Space wrap>
            <Button onClick={() => setPopup({ kind: 'event', event: null })}>{t('page.newEvent')}</Button>
            {toggles.timetable && teaching.length > 0 && (
              <Button onClick={() => setPopup({ kind: 'timetable', occurrence: null })}>{t('page.newTimetable')}</Button>
            )}
            {canMeet && <Button onClick={() => setPopup({ kind: 'meeting', meeting: null })}>{t('page.newMeeting')}</Button>}
            <Button onClick={() => setPopup({ kind: 'feed' })}>{t('page.subscribe')}</Button>
          </Space>
        </Space>
        <Segmented
          aria-label={t('page.title')}
          value={view}
          onChange={(v) => setChosenView(v as CalendarView)}
          options={availableViews(toggles).map((v) => ({ value: v, label: t(`views.${v}`) }))}
          style={{ marginBottom: 12 }}
        />
        {failed && (
          <Alert
            type="error"
            showIcon
            message={t('page.loadError')}
            action={<Button onClick={() => void failed.refetch()}>{t('page.retry')}</Button>}
            style={{ marginBottom: 12 }}
          />
        )}
        <FullCalendar
          plugins={[classicThemePlugin, dayGridPlugin, timeGridPlugin, interactionPlugin]}
          initialView="timeGridWeek"
          firstDay={1}
          timeZone={zone}
          locales={[zhCnLocale, zhTwLocale]}
          locale={fullCalendarLocale(i18n.language)}
          // FullCalendar's zh locales lack these (screen-reader) texts; ours follow the app's language.
          timedText={t('fc.timed')}
          closeHint={t('fc.close')}
          eventsHint={t('fc.events')}
          prevHint={t('fc.prev')}
          nextHint={t('fc.next')}
          todayHint={(unitText: string, unit: string) => (unit === 'day' ? t('fc.today') : t('fc.thisUnit', { unit: unitText }))}
          viewHint={t('fc.view')}
          navLinkHint={t('fc.navLink')}
          moreLinkHint={(count: number) => t('fc.moreLink', { count })}
          headerToolbar={{ start: 'prev,next today', center: 'title', end: 'dayGridMonth,timeGridWeek,timeGridDay' }}
          buttons={{
            today: { text: t('buttons.today') },
            dayGridMonth: { text: t('buttons.month') },
            timeGridWeek: { text: t('buttons.week') },
            timeGridDay: { text: t('buttons.day') },
          }}
          views={{
            dayGridMonth: { titleFormat: (d) => calendarTitle('month', d.start) },
            timeGridWeek: { titleFormat: (d) => calendarTitle('week', d.start) },
            timeGridDay: { titleFormat: (d) => calendarTitle('day', d.start) },
          }}
          eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
          height="auto"
          nowIndicator
          selectable
          events={items}
          datesSet={(info) =>
            setRange((r) =>
              r && r.start === info.start.toISOString() && r.end === info.end.toISOString()
                ? r
                : { start: info.start.toISOString(), end: info.end.toISOString() },
            )
          }
          select={(info) => setPopup({ kind: 'event', event: null, range: { start: info.start, end: info.end, allDay: info.allDay } })}
          eventClick={(info) => {
            const ref = info.event.extendedProps.ref as ItemRef;
            if (ref.kind === 'live') {
              // The item is a link to the live activity's detail: follow it inside the app.
              info.jsEvent.preventDefault();
              void navigate(info.event.url);
            } else if (ref.kind === 'event') setPopup({ kind: 'event', event: ref.item });
            else if (ref.kind === 'timetable') setPopup({ kind: 'timetable', occurrence: ref.item });
            else setPopup({ kind: 'meeting', meeting: ref.item });
          }}
          eventDrop={(info) => void onChange(info)}
          eventResize={(info) => void onChange(info)}
        />
        {!fetching && items.length === 0 && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {t('page.empty')}
          </Typography.Paragraph>
        )}
        <EventEditor
          open={popup?.kind === 'event'}
          event={popup?.kind === 'event' ? popup.event : null}
          initialRange={popup?.kind === 'event' ? popup.range : null}
          userRole={me.data.role}
          courses={courses.data?.courses ?? []}
          onClose={() => setPopup(null)}
        />
        <TimetablePopup
          open={popup?.kind === 'timetable'}
          occurrence={popup?.kind === 'timetable' ? popup.occurrence : null}
          courses={courses.data?.courses ?? []}
          onClose={() => setPopup(null)}
        />
        <MeetingPopup
          open={popup?.kind === 'meeting'}
          meeting={popup?.kind === 'meeting' ? popup.meeting : null}
          orgId={org.data!.id}
          me={{ id: me.data.id, name: me.data.name, user_no: me.data.userNo }}
          courses={teaching}
          canReview={me.data.role === USER_ROLE.admin || me.data.role === USER_ROLE.wgAdmin}
          onClose={() => setPopup(null)}
        />
        <FeedPopup open={popup?.kind === 'feed'} onClose={() => setPopup(null)} />
      </div>
    </CalendarZoneContext.Provider>
  );
}
