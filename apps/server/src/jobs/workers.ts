import type { AppDeps } from '../lib/deps.js';
import { cleanupExpiredBlocks } from './blocks-cleanup.job.js';
import { sendDueCalendarAlerts } from './calendar-alerts.job.js';
import { announceDueBulletins } from '../modules/bulletins/bulletins.service.js';
import { submitOverdueAttempts } from '../modules/exams/exams.service.js';
import { remindStartingMeetings } from '../modules/calendar/meetings.service.js';
import { runImportJob } from '../modules/imports/imports.service.js';
import { notifyHomeworkDueSoon, sendDailyDigests } from '../modules/notifications/notifications.service.js';
import { processUpload, sweepStuckUploads } from '../modules/uploads/processing-registry.js';

/**
 * Starts this process's workers (unless ATRIUM_WORKERS=false): one handler per
 * upload queue (so one ffmpeg and one LibreOffice at a time per process), the
 * hourly block clean-up, the exam deadline job (every minute: attempts past their
 * deadline are submitted), the notification jobs (homework due within 24 h every 10 minutes,
 * the daily e-mail digest at 07:00 UTC), the bulletin announcer (every minute: bulletins whose publish
 * time passed are announced once), the meeting reminders (every minute: `meeting.starting` once per
 * meeting starting within 15 minutes), and a sweeper that requeues processing interrupted
 * by a dead server (at start, then every staleSeconds / 2). Answers a stop function.
 */
export async function startWorkers(deps: AppDeps): Promise<() => void> {
  if (!deps.config.jobs.runWorkers) return () => undefined;
  const onUpload = async (job: { id: string; data: Record<string, unknown> }) => processUpload(deps, Number(job.data.uploadId), job.id);
  await deps.jobs.work('upload-media', onUpload);
  await deps.jobs.work('upload-office', onUpload);
  await deps.jobs.work('upload-inspect', onUpload);
  await deps.jobs.work('upload-blocks-cleanup', async () => {
    const removed = await cleanupExpiredBlocks(deps);
    if (removed > 0) deps.log.info({ removed }, 'removed expired upload blocks');
  });
  await deps.jobs.schedule('upload-blocks-cleanup', '17 * * * *');
  await deps.jobs.work('calendar-alerts', async () => {
    await sendDueCalendarAlerts(deps);
  });
  await deps.jobs.schedule('calendar-alerts', '* * * * *');
  await deps.jobs.work('exam-deadlines', async () => {
    const submitted = await submitOverdueAttempts(deps);
    if (submitted > 0) deps.log.info({ submitted }, 'submitted exam attempts past their deadline');
  });
  await deps.jobs.schedule('exam-deadlines', '* * * * *');
  await deps.jobs.work('notifications-due-soon', async () => {
    const made = await notifyHomeworkDueSoon(deps);
    if (made > 0) deps.log.info({ made }, 'notified learners of homework due within 24 h');
  });
  await deps.jobs.schedule('notifications-due-soon', '*/10 * * * *');
  await deps.jobs.work('notifications-digest', async () => {
    const sent = await sendDailyDigests(deps);
    if (sent > 0) deps.log.info({ sent }, 'queued daily notification digests');
  });
  await deps.jobs.schedule('notifications-digest', '0 7 * * *');
  await deps.jobs.work('bulletins-announce', async () => {
    const announced = await announceDueBulletins(deps);
    if (announced > 0) deps.log.info({ announced }, 'announced bulletins whose publish time passed');
  });
  await deps.jobs.schedule('bulletins-announce', '* * * * *');
  await deps.jobs.work('meeting-reminders', async () => {
    const reminded = await remindStartingMeetings(deps);
    if (reminded > 0) deps.log.info({ reminded }, 'reminded of meetings starting soon');
  });
  await deps.jobs.schedule('meeting-reminders', '* * * * *');
  await deps.jobs.work('course-import', async (job) => runImportJob(deps, Number(job.data.importId), { isNewCourse: job.data.newCourse === true }));
  let sweeping = false;
  const sweep = async () => {
    if (sweeping) return;
    sweeping = true;
    try {
      await sweepStuckUploads(deps);
    } catch (error) {
      deps.log.error({ err: error }, 'sweeping stuck uploads failed');
    } finally {
      sweeping = false;
    }
  };
  const timer = setInterval(() => void sweep(), (deps.config.jobs.staleSeconds * 1000) / 2);
  timer.unref();
  void sweep();
  return () => clearInterval(timer);
}
