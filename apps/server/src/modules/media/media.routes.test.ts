import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerOptions, Upload } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createExamSubject } from '../../../test/factories/activities.js';
import { activityWith, twoCourses, uploadFile, type TwoCourses } from '../../../test/helpers/media-world.js';
import { activities, activityReadRecords, courseModules } from '../activities/activities.table.js';
import { courses } from '../courses/courses.table.js';
import { examSubjectPlayRecords } from '../exams/exams.table.js';
import { signMediaUrl } from './signed-url.js';

/** Media playback (issue 5 §3–§5, decision 0030) on a real transcoded video and a real audio. */
describe('media playback', () => {
  let t: TestApp;
  let w: TwoCourses;
  let video: Upload;
  let audio: Upload;
  let videoB: Upload;

  beforeAll(async () => {
    t = await buildTestApp();
    w = await twoCourses(t);
    video = await uploadFile(t, w.cookies.instructor, w.courseA.id, 'video/pythonpptx__just-two-mice.mp4');
    audio = await uploadFile(t, w.cookies.instructor, w.courseA.id, 'audio/howler__sound2.mp3');
    videoB = await uploadFile(t, w.cookies.instructorB, w.courseB.id, 'video/pythonpptx__just-two-mice.mp4');
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...(cookie ? { cookie } : {}), ...headers } });
  const post = (url: string, cookie: string, payload: unknown, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie, 'content-type': contentType },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  it('offers the activity’s WebVTT files named after the video as caption tracks the learner can read (issue 23)', async () => {
    const vtt = Buffer.from('WEBVTT\n\n00:00.000 --> 00:02.000\nTwo mice\n');
    const english = await uploadFile(t, w.cookies.instructor, w.courseA.id, { name: 'pythonpptx__just-two-mice.en.vtt', bytes: vtt });
    const other = await uploadFile(t, w.cookies.instructor, w.courseA.id, { name: 'another-video.vtt', bytes: vtt });
    const activity = await activityWith(t, w.courseA.id, [video.id, english.id, other.id]);
    const options = (await get(`/api/uploads/${video.id}/player-options?activity_id=${activity.id}`, w.cookies.student)).json() as PlayerOptions;
    expect(options.text_tracks).toEqual([{ src: `/api/uploads/${english.id}/blob?preview=true`, srclang: 'en', name: 'pythonpptx__just-two-mice.en.vtt' }]);
    const track = await get(options.text_tracks[0]!.src, w.cookies.student);
    expect(track.statusCode).toBe(200);
    expect(track.headers['content-type']).toMatch(/^text\/vtt/);
    expect(track.body).toContain('Two mice');
    // Another course's student reads no caption of this one.
    expect([403, 404]).toContain((await get(options.text_tracks[0]!.src, w.cookies.studentB)).statusCode);
  });

  it('player options carry signed rendition URLs that play (HLS with relative segments, MP4 with Range) for their user only', async () => {
    expect(video.status).toBe('ready');
    const activity = await activityWith(t, w.courseA.id, [video.id], { data: { copyright_notice: '© Atrium' } });
    const res = await get(`/api/uploads/${video.id}/player-options?activity_id=${activity.id}`, w.cookies.student);
    expect(res.statusCode, res.body).toBe(200);
    const options = res.json() as PlayerOptions;
    expect(options).toMatchObject({
      default_resolution: '360p',
      seekable: true,
      last_played: 0,
      max_played: 0,
      copyright_notice: '© Atrium',
      volume: 0.7,
      duration: expect.closeTo(7.16, 1),
    });
    expect(options.unplayed_segments).toEqual([[0, options.duration]]);
    const r = options.resolutions[0]!;
    expect(r.hls_url).toMatch(new RegExp(`^/api/media/${video.id}/\\d+/[A-Za-z0-9_-]+/360p/hls/index\\.m3u8$`));
    const playlist = await get(r.hls_url!, w.cookies.student);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    const segment = playlist.body.split('\n').find((line) => line.endsWith('.ts'))!;
    expect(segment).not.toMatch(/^\/|^https?:/);
    expect((await get(r.hls_url!.replace('index.m3u8', segment), w.cookies.student)).statusCode).toBe(200);
    const ranged = await get(r.mp4_url!, w.cookies.student, { range: 'bytes=0-99' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
    expect(ranged.rawPayload.length).toBe(100);
    expect((await get(options.poster_url!, w.cookies.student)).headers['content-type']).toBe('image/jpeg');

    // Copied to another user, or used signed-out: refused.
    expect((await get(r.mp4_url!, w.cookies.assistant)).statusCode).toBe(403);
    expect((await get(r.mp4_url!)).statusCode).toBe(403);
  });

  it('an expired or tampered media URL is refused', async () => {
    const expired = signMediaUrl(t.config, video.id, w.student.id, '360p/video.mp4', { now: Date.now() - 3600_000 });
    const res = await get(expired, w.cookies.student);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('MEDIA_URL_INVALID');
    const good = signMediaUrl(t.config, video.id, w.student.id, '360p/video.mp4');
    expect((await get(good, w.cookies.student)).statusCode).toBe(200);
    const [, , , id, expires, signature] = good.split('/');
    const tampered = [
      `/api/media/${id}/${Number(expires) + 3600}/${signature}/360p/video.mp4`, // life extended
      `/api/media/${videoB.id}/${expires}/${signature}/360p/video.mp4`, // another upload
      `/api/media/${id}/${expires}/${signature!.slice(0, -2)}AA/360p/video.mp4`, // signature changed
    ];
    for (const url of tampered) expect((await get(url, w.cookies.student)).statusCode, url).toBe(403);
    // The path cannot leave the upload's own objects: the signature is bound to its path (issue 20 §6).
    for (const p of ['..%2F..%2Fuploads', '.hidden', 'scorm/0']) expect((await get(good.replace('360p/video.mp4', p), w.cookies.student)).statusCode).toBe(403);
  });

  it("a URL signed for one rendition opens neither the original nor another rendition (issue 20 §6); the playlist's own segments play", async () => {
    const hls = signMediaUrl(t.config, video.id, w.student.id, '360p/hls/index.m3u8');
    const playlist = await get(hls, w.cookies.student);
    expect(playlist.statusCode).toBe(200);
    const segment = playlist.body.split('\n').find((line) => line.endsWith('.ts'))!;
    expect((await get(hls.replace('index.m3u8', segment), w.cookies.student)).statusCode).toBe(200);
    for (const other of ['original', '360p/video.mp4', '720p/hls/index.m3u8', 'poster.jpg']) {
      const res = await get(hls.replace('360p/hls/index.m3u8', other), w.cookies.student);
      expect(res.statusCode, other).toBe(403);
      expect(res.json().code).toBe('MEDIA_URL_INVALID');
    }
    const mp4 = signMediaUrl(t.config, video.id, w.student.id, '360p/video.mp4');
    expect((await get(mp4.replace('360p/video.mp4', 'original'), w.cookies.student)).statusCode).toBe(403);
    expect((await get(mp4.replace('360p/video.mp4', '360p/hls/index.m3u8'), w.cookies.student)).statusCode).toBe(403);
  });

  it('a forged progress report beyond the furthest played position is not credited, and forward seeks are refused', async () => {
    const activity = await activityWith(t, w.courseA.id, [video.id], { isForwardSeekingRefused: true });
    const options = (await get(`/api/uploads/${video.id}/player-options?activity_id=${activity.id}`, w.cookies.student)).json() as PlayerOptions;
    expect(options.seekable).toBe(false);
    const url = `/api/uploads/${video.id}/play-progress`;
    const played = await post(url, w.cookies.student, { activity_id: activity.id, ranges: [[0, 3]], position: 3 });
    expect(played.statusCode, played.body).toBe(200);
    expect(played.json()).toEqual({ viewed_ranges: [[0, 3]], max_position: 3, last_position: 3 });
    const forged = await post(url, w.cookies.student, { activity_id: activity.id, ranges: [[5, 7]], position: 7 });
    expect(forged.json()).toEqual({ viewed_ranges: [[0, 3]], max_position: 3, last_position: 4 });
    const [record] = await t.database.db
      .select()
      .from(activityReadRecords)
      .where(and(eq(activityReadRecords.activityId, activity.id), eq(activityReadRecords.userId, w.student.id), eq(activityReadRecords.uploadId, video.id)));
    expect(record).toMatchObject({ viewedRanges: [[0, 3]], maxPosition: 3, isCompleted: false });

    const seek = (position: number, cookie = w.cookies.student) => post(`/api/uploads/${video.id}/seek`, cookie, { activity_id: activity.id, position });
    const refused = await seek(6);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('MEDIA_FORWARD_SEEK_REFUSED');
    expect((await seek(2)).json()).toEqual({ allowed: true });
    expect((await seek(6, w.cookies.instructor)).statusCode).toBe(200);
    const team = (await get(`/api/uploads/${video.id}/player-options?activity_id=${activity.id}`, w.cookies.instructor)).json() as PlayerOptions;
    expect(team.seekable).toBe(true);

    // Continuing play from the furthest point is credited, as a text/plain beacon too; never beyond the video's end.
    const beacon = await post(
      url,
      w.cookies.student,
      JSON.stringify({ activity_id: activity.id, ranges: [[2.5, 1000]], position: 1000 }),
      'text/plain;charset=UTF-8',
    );
    expect(beacon.statusCode, beacon.body).toBe(200);
    const credited = beacon.json();
    expect(credited.viewed_ranges).toHaveLength(1);
    expect(credited.viewed_ranges[0][0]).toBe(0);
    expect(credited.viewed_ranges[0][1]).toBeGreaterThan(3);
    expect(credited.viewed_ranges[0][1]).toBeLessThanOrEqual(options.duration! + 0.001);
    const again = (await get(`/api/uploads/${video.id}/player-options?activity_id=${activity.id}`, w.cookies.student)).json() as PlayerOptions;
    expect(again.max_played).toBe(credited.max_position);
    expect(again.last_played).toBe(credited.last_position);
  });

  it('audio in an activity that refuses forward seeking: the server answers seekable false, refuses seeks beyond the furthest played point and resumes', async () => {
    const activity = await activityWith(t, w.courseA.id, [audio.id], { isForwardSeekingRefused: true });
    const source = (await get(`/api/uploads/audio/${audio.id}?activity_id=${activity.id}`, w.cookies.student)).json();
    expect(source).toMatchObject({ id: audio.id, seekable: false, last_played: 0, max_played: 0 });
    const played = await post(`/api/uploads/${audio.id}/play-progress`, w.cookies.student, { activity_id: activity.id, ranges: [[0, 2]], position: 2 });
    expect(played.statusCode, played.body).toBe(200);
    expect(played.json().max_position).toBe(2);
    const seek = (position: number) => post(`/api/uploads/${audio.id}/seek`, w.cookies.student, { activity_id: activity.id, position });
    const refused = await seek(8);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('MEDIA_FORWARD_SEEK_REFUSED');
    expect((await seek(1)).json()).toEqual({ allowed: true });
    const again = (await get(`/api/uploads/audio/${audio.id}?activity_id=${activity.id}`, w.cookies.student)).json();
    expect(again).toMatchObject({ seekable: false, last_played: 2, max_played: 2 });
    const team = (await get(`/api/uploads/audio/${audio.id}?activity_id=${activity.id}`, w.cookies.instructor)).json();
    expect(team.seekable).toBe(true);
    const free = (await get(`/api/uploads/audio/${audio.id}`, w.cookies.student)).json();
    expect(free).toMatchObject({ seekable: true, last_played: 0, max_played: 0 });
  });

  it('a progress report is refused field by field when malformed, and for members of another course', async () => {
    const activity = await activityWith(t, w.courseA.id, [video.id]);
    const url = `/api/uploads/${video.id}/play-progress`;
    const bad = await post(url, w.cookies.student, { activity_id: activity.id, ranges: [[5, 2]], position: 1 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)[0]).toMatch(/^ranges/);
    expect((await post(url, w.cookies.student, 'not json', 'text/plain')).statusCode).toBe(400);
    expect((await post(url, w.cookies.studentB, { activity_id: activity.id, ranges: [[0, 1]], position: 1 })).statusCode).toBe(403);
    expect((await post(url, w.cookies.outsider, { activity_id: activity.id, ranges: [[0, 1]], position: 1 })).statusCode).toBe(403);
    const activityB = await activityWith(t, w.courseB.id, [videoB.id]);
    // Course B's activity does not hold course A's video.
    expect((await post(url, w.cookies.studentB, { activity_id: activityB.id, ranges: [[0, 1]], position: 1 })).statusCode).toBe(404);
    expect((await get(`/api/uploads/${video.id}/player-options?activity_id=${activityB.id}`, w.cookies.studentB)).statusCode).toBe(404);
    expect((await get(`/api/uploads/${videoB.id}/player-options?activity_id=${activityB.id}`, w.cookies.student)).statusCode).toBe(403);
    expect((await get(`/api/uploads/${video.id}/player-options?activity_id=${activity.id}`)).statusCode).toBe(401);
    const unpublished = await activityWith(t, w.courseA.id, [video.id], { isPublished: false });
    const hidden = await get(`/api/uploads/${video.id}/player-options?activity_id=${unpublished.id}`, w.cookies.student);
    expect({ status: hidden.statusCode, code: hidden.json().code }).toEqual({ status: 403, code: 'ACTIVITY_UNPUBLISHED' });
    expect((await get(`/api/uploads/${video.id}/player-options?activity_id=${unpublished.id}`, w.cookies.instructor)).statusCode).toBe(200);
  });

  it('audio answers a signed URL that plays; a missing audio answers the spec message', async () => {
    expect(audio.status).toBe('ready');
    const res = await get(`/api/uploads/audio/${audio.id}`, w.cookies.student);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: audio.id, status: 'ready', duration: expect.any(Number) });
    const file = await get(res.json().url, w.cookies.student);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/mp4');
    const missing = await get(`/api/uploads/audio/${video.id}`, w.cookies.student);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('unable to play, file missing or transcoding');
    expect((await get(`/api/uploads/audio/${audio.id}`, w.cookies.studentB)).statusCode).toBe(403);
  });

  // After the audio test: the exam case below makes the audio an exam's file, refused outside an activity.
  describe('the activity must be open to the learner, as GET /api/activities/{id} decides (decision 0070)', () => {
    /** A course of its own (its learning mode changes) with the student of course A and the instructor enrolled. */
    async function ownCourse(mode: 'free' | 'checkpoint') {
      const course = await t.factories.course({ orgId: w.org.id, instructorId: w.instructor.id });
      await t.factories.enrol(course.id, w.student.id, 'student');
      await t.database.db.update(courses).set({ learningMode: mode }).where(eq(courses.id, course.id));
      return course;
    }
    const recordsOf = (activityId: number) =>
      t.database.db
        .select()
        .from(activityReadRecords)
        .where(and(eq(activityReadRecords.activityId, activityId), eq(activityReadRecords.userId, w.student.id)));
    /** Every media call of one activity's video and audio, as the student. */
    const mediaCalls = (activityId: number, cookie: string) => [
      get(`/api/uploads/${video.id}/player-options?activity_id=${activityId}`, cookie),
      post(`/api/uploads/${video.id}/play-progress`, cookie, { activity_id: activityId, ranges: [[0, 2]], position: 2 }),
      post(`/api/uploads/${video.id}/seek`, cookie, { activity_id: activityId, position: 0 }),
      get(`/api/uploads/audio/${audio.id}?activity_id=${activityId}`, cookie),
      post(`/api/uploads/${audio.id}/play-progress`, cookie, { activity_id: activityId, ranges: [[0, 2]], position: 2 }),
    ];

    it.each([
      ['locked by an unfinished earlier activity (checkpoint)', 'checkpoint', 'ACTIVITY_LOCKED'],
      ['not started yet', 'free', 'ACTIVITY_NOT_STARTED'],
      ['ended', 'free', 'ACTIVITY_ENDED'],
    ] as const)(
      "%s: player options, progress, seek and audio answer the open call's 403; nothing is credited; the team plays it",
      async (_label, mode, code) => {
        const course = await ownCourse(mode);
        await activityWith(t, course.id, [], { completionCriterion: 'viewed' }); // never visited: locks what follows in checkpoint mode
        const activity = await activityWith(t, course.id, [video.id, audio.id]);
        const day = 86_400_000;
        if (code === 'ACTIVITY_NOT_STARTED')
          await t.database.db
            .update(activities)
            .set({ startTime: new Date(Date.now() + day) })
            .where(eq(activities.id, activity.id));
        if (code === 'ACTIVITY_ENDED')
          await t.database.db
            .update(activities)
            .set({ endTime: new Date(Date.now() - day) })
            .where(eq(activities.id, activity.id));

        const opened = await get(`/api/activities/${activity.id}`, w.cookies.student);
        expect({ status: opened.statusCode, code: opened.json().code }).toEqual({ status: 403, code });
        for (const res of await Promise.all(mediaCalls(activity.id, w.cookies.student))) {
          expect({ status: res.statusCode, code: res.json().code }, res.body).toEqual({ status: 403, code });
          expect(res.body).not.toMatch(/\/api\/media\//);
        }
        expect(await recordsOf(activity.id)).toEqual([]);

        for (const res of await Promise.all(mediaCalls(activity.id, w.cookies.instructor))) expect(res.statusCode, res.body).toBe(200);
      },
    );

    it('an unpublished module closes its activities to learners', async () => {
      const course = await ownCourse('free');
      const activity = await activityWith(t, course.id, [video.id]);
      await t.database.db.update(courseModules).set({ isPublished: false }).where(eq(courseModules.id, activity.moduleId));
      const res = await get(`/api/uploads/${video.id}/player-options?activity_id=${activity.id}`, w.cookies.student);
      expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 403, code: 'ACTIVITY_UNPUBLISHED' });
      expect(await recordsOf(activity.id)).toEqual([]);
    });

    it('an exam that has not started plays nothing and counts nothing', async () => {
      const course = await ownCourse('free');
      const exam = await activityWith(t, course.id, [], { type: 'exam' });
      await t.database.db
        .update(activities)
        .set({ startTime: new Date(Date.now() + 86_400_000) })
        .where(eq(activities.id, exam.id));
      const subject = await createExamSubject(t.database, { activityId: exam.id, uploadIds: [audio.id], playLimit: true, playLimitTimes: 2 });
      for (const res of [
        await post(`/api/exam-subjects/${subject.id}/uploads/${audio.id}/play`, w.cookies.student, {}),
        await get(`/api/exam-subjects/${subject.id}/uploads/${audio.id}/play-status`, w.cookies.student),
      ]) {
        expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 403, code: 'ACTIVITY_NOT_STARTED' });
      }
      expect(await t.database.db.select().from(examSubjectPlayRecords).where(eq(examSubjectPlayRecords.subjectId, subject.id))).toEqual([]);
    });
  });

  describe('exam play limits', () => {
    it('a play limit of 1 plays once; then overLimit and no URL', async () => {
      const exam = await activityWith(t, w.courseA.id, [], { type: 'exam' });
      const subject = await createExamSubject(t.database, { activityId: exam.id, uploadIds: [video.id], playLimit: true, playLimitTimes: 1 });
      const base = `/api/exam-subjects/${subject.id}/uploads/${video.id}`;
      expect((await get(`${base}/play-status`, w.cookies.student)).json()).toEqual({ play_limit: true, play_limit_times: 1, remaining: 1, status: 'playable' });
      const first = await post(`${base}/play`, w.cookies.student, {});
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ remaining: 0, kind: 'video', url: expect.stringMatching(/^\/api\/media\//) });
      expect((await get(first.json().url, w.cookies.student)).statusCode).toBe(200);
      const second = await post(`${base}/play`, w.cookies.student, {});
      expect(second.statusCode).toBe(403);
      expect(second.json().code).toBe('MEDIA_PLAY_LIMIT_REACHED');
      expect(second.json()).not.toHaveProperty('url');
      expect((await get(`${base}/play-status`, w.cookies.student)).json()).toMatchObject({ remaining: 0, status: 'overLimit' });
      // Counted per learner: the assistant still has a play. A student of course B is refused.
      expect((await post(`${base}/play`, w.cookies.assistant, {})).statusCode).toBe(200);
      expect((await post(`${base}/play`, w.cookies.studentB, {})).statusCode).toBe(403);
      // An upload not in the subject is not found.
      expect((await post(`/api/exam-subjects/${subject.id}/uploads/${audio.id}/play`, w.cookies.student, {})).statusCode).toBe(404);
    });

    it('at 0 plays left the learner gets no bytes or URL of the exam video by any other call (upload, preview, list, derived, blob, player options); the team still does', async () => {
      const examVideo = await uploadFile(t, w.cookies.instructor, w.courseA.id, 'video/pythonpptx__just-two-mice.mp4');
      const list = async (cookie: string) => ((await get(`/api/courses/${w.courseA.id}/uploads`, cookie)).json().uploads as Upload[]).map((u) => u.id);
      expect(await list(w.cookies.student)).toContain(examVideo.id);
      const exam = await activityWith(t, w.courseA.id, [], { type: 'exam' });
      const subject = await createExamSubject(t.database, { activityId: exam.id, uploadIds: [examVideo.id], playLimit: true, playLimitTimes: 1 });
      const base = `/api/exam-subjects/${subject.id}/uploads/${examVideo.id}`;
      expect((await post(`${base}/play`, w.cookies.student, {})).statusCode).toBe(200);
      expect((await post(`${base}/play`, w.cookies.student, {})).json().code).toBe('MEDIA_PLAY_LIMIT_REACHED');

      const mediaUrl = /\/api\/media\/|\/derived\//;
      for (const url of [`/api/uploads/${examVideo.id}`, `/api/uploads/${examVideo.id}?preview=true`]) {
        const res = await get(url, w.cookies.student);
        expect(res.statusCode, url).toBe(200);
        expect((res.json() as Upload).videos.map((v) => [v.hls_url, v.mp4_url])).toEqual([[null, null]]);
        expect(res.body, url).not.toMatch(mediaUrl);
      }
      expect(await list(w.cookies.student)).not.toContain(examVideo.id);
      for (const url of [
        `/api/uploads/${examVideo.id}/derived/360p/video.mp4`,
        `/api/uploads/${examVideo.id}/derived/360p/hls/index.m3u8`,
        `/api/uploads/${examVideo.id}/blob?preview=true`,
        `/api/uploads/${examVideo.id}/blob`,
      ]) {
        const res = await get(url, w.cookies.student);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
      const options = await get(`/api/uploads/${examVideo.id}/player-options?activity_id=${exam.id}`, w.cookies.student);
      expect(options.statusCode).toBe(404);
      expect(options.body).not.toMatch(mediaUrl);

      // The course team manages the file: it is listed, signed and served to them.
      expect(await list(w.cookies.instructor)).toContain(examVideo.id);
      const team = (await get(`/api/uploads/${examVideo.id}`, w.cookies.instructor)).json() as Upload;
      expect(team.videos[0]!.mp4_url).toMatch(/^\/api\/media\//);
      expect((await get(team.videos[0]!.mp4_url!, w.cookies.instructor)).statusCode).toBe(200);
      expect((await get(`/api/uploads/${examVideo.id}/derived/360p/video.mp4`, w.cookies.assistant)).statusCode).toBe(200);
      expect((await get(`/api/uploads/${examVideo.id}/blob?preview=true`, w.cookies.instructor)).statusCode).toBe(200);

      // Published in a material activity as well, the file is that activity's too (played there without a limit): listed and served again.
      await activityWith(t, w.courseA.id, [examVideo.id]);
      expect(await list(w.cookies.student)).toContain(examVideo.id);
      expect((await get(`/api/uploads/${examVideo.id}/derived/360p/video.mp4`, w.cookies.student)).statusCode).toBe(200);
    }, 120_000);

    it('concurrent play requests cannot exceed the limit', async () => {
      const exam = await activityWith(t, w.courseA.id, [], { type: 'exam' });
      const subject = await createExamSubject(t.database, { activityId: exam.id, uploadIds: [audio.id], playLimit: true, playLimitTimes: 3 });
      const url = `/api/exam-subjects/${subject.id}/uploads/${audio.id}/play`;
      const results = await Promise.all(Array.from({ length: 12 }, () => post(url, w.cookies.student, {})));
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 200)).toHaveLength(3);
      expect(codes.filter((c) => c === 403)).toHaveLength(9);
      expect(
        results
          .filter((r) => r.statusCode === 200)
          .map((r) => r.json().remaining)
          .sort(),
      ).toEqual([0, 1, 2]);
      const [record] = await t.database.db
        .select()
        .from(examSubjectPlayRecords)
        .where(and(eq(examSubjectPlayRecords.subjectId, subject.id), eq(examSubjectPlayRecords.userId, w.student.id)));
      expect(record!.playCount).toBe(3);
    });

    it('without a limit every play is counted and remaining is null; a deleted upload is missedFile (410)', async () => {
      const doomed = await uploadFile(t, w.cookies.instructor, w.courseA.id, 'audio/howler__sound2.mp3');
      const exam = await activityWith(t, w.courseA.id, [], { type: 'exam' });
      const subject = await createExamSubject(t.database, { activityId: exam.id, uploadIds: [doomed.id], playLimit: false });
      const base = `/api/exam-subjects/${subject.id}/uploads/${doomed.id}`;
      for (let i = 0; i < 2; i++) expect((await post(`${base}/play`, w.cookies.student, {})).json()).toMatchObject({ remaining: null, kind: 'audio' });
      expect((await t.app.inject({ method: 'DELETE', url: `/api/uploads/${doomed.id}`, headers: { cookie: w.cookies.instructor } })).statusCode).toBe(204);
      expect((await get(`${base}/play-status`, w.cookies.student)).json()).toMatchObject({ status: 'missedFile' });
      const gone = await post(`${base}/play`, w.cookies.student, {});
      expect(gone.statusCode).toBe(410);
      expect(gone.json().code).toBe('MEDIA_MISSED_FILE');
    }, 60_000);
  });
});
