import type { AppDeps } from '../lib/deps.js';
import type { QueueName } from './queue.js';
import { cleanupExpiredBlocks } from './blocks-cleanup.job.js';
import { sendDueCalendarAlerts } from './calendar-alerts.job.js';
import { announceDueBulletins } from '../modules/bulletins/bulletins.service.js';
import { submitOverdueAttempts } from '../modules/exams/exams.service.js';
import { remindStartingMeetings } from '../modules/calendar/meetings.service.js';
import { runImportJob } from '../modules/imports/imports.service.js';
import { notifyHomeworkDueSoon, sendDailyDigests } from '../modules/notifications/notifications.service.js';
import { processUpload, sweepStuckUploads } from '../modules/uploads/processing-registry.js';
import { applyStatsRetention } from '../modules/stats/retention.service.js';
import { notifyNewWarnings } from '../modules/warnings/warning-alerts.service.js';
import { notifyPlanExpiry } from '../modules/orgs/plans.service.js';

/**
 * The recurring jobs: a name, a cron schedule (UTC, five fields), the work (answering how many
 * things it did) and the log line when it did any. pg-boss runs each schedule once across instances.
 */
const SCHEDULED_JOBS: readonly { name: QueueName; cron: string; run: (deps: AppDeps) => Promise<number>; counted: string; message: string }[] = [
  { name: 'upload-blocks-cleanup', cron: '17 * * * *', run: cleanupExpiredBlocks, counted: 'removed', message: 'removed expired upload blocks' },
  { name: 'calendar-alerts', cron: '* * * * *', run: sendDueCalendarAlerts, counted: 'queued', message: 'queued calendar alert e-mails' },
  { name: 'exam-deadlines', cron: '* * * * *', run: submitOverdueAttempts, counted: 'submitted', message: 'submitted exam attempts past their deadline' },
  {
    name: 'notifications-due-soon',
    cron: '*/10 * * * *',
    run: notifyHomeworkDueSoon,
    counted: 'made',
    message: 'notified learners of homework due within 24 h',
  },
  { name: 'notifications-digest', cron: '0 7 * * *', run: sendDailyDigests, counted: 'sent', message: 'queued daily notification digests' },
  { name: 'bulletins-announce', cron: '* * * * *', run: announceDueBulletins, counted: 'announced', message: 'announced bulletins whose publish time passed' },
  { name: 'meeting-reminders', cron: '* * * * *', run: remindStartingMeetings, counted: 'reminded', message: 'reminded of meetings starting soon' },
  { name: 'stats-retention', cron: '43 3 * * *', run: applyStatsRetention, counted: 'deleted', message: 'deleted statistics events past their retention' },
  {
    name: 'warning-alerts',
    cron: '10 6 * * *',
    run: notifyNewWarnings,
    counted: 'flagged',
    message: 'told course teams of students newly flagged by early warning',
  },
  { name: 'plan-expiry', cron: '20 6 * * *', run: notifyPlanExpiry, counted: 'notices', message: 'told organisation admins of plans and storage ending' },
];

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
  for (const job of SCHEDULED_JOBS) {
    await deps.jobs.work(job.name, async () => {
      const count = await job.run(deps);
      if (count > 0) deps.log.info({ [job.counted]: count }, job.message);
    });
    await deps.jobs.schedule(job.name, job.cron);
  }
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
