import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelope, FORM_CONSUMES, ok, pageOf } from '../../../lib/envelope.ts'
import { enterLive, liveSchedule, openLiveRoom, openPlayback, reportPlayback, watchLive } from './study.live.ts'
import {
  currentBody,
  currentCourseSchema,
  enterLiveSchema,
  idBody,
  idQuery,
  liveItemSchema,
  liveRoomParams,
  liveRoomQuery,
  liveScheduleQuery,
  myCourseSchema,
  myCoursesQuery,
  playbackProgressBody,
  playbackSchema,
  progressAnswerSchema,
  progressBody,
  sectionPlaySchema,
  studyTimeQuery,
  studyTimeSchema,
  watchLiveSchema,
} from './study.schemas.ts'
import { currentCourse, listMyCourses, type OnStudied, openSection, reportProgress, setCurrentCourse, studyTime } from './study.service.ts'

/** The local stand-in live room is a page of its own: no script, inline styles, framed only by this site. */
const LIVE_ROOM_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'"

/**
 * The student's study (contract 23, client calls 5-11 and 14): my courses, the current course, the
 * player's section and heartbeat, study time, and the live schedule with its room, attendance and
 * playback. Every call is the signed-in student's own; ids of what is not theirs answer 404.
 */
export const studyRoutes: FastifyPluginAsyncZod<{ onStudied: OnStudied }> = async (app, { onStudied }) => {
  const join = '/api/sms/study/join'
  const knowledge = '/api/sms/study/studentKnowledge'
  const schedule = '/api/sms/study/studentLiveCourseSchedule'
  const security = [{ studentSession: [] }]
  const student = app.requireStudent
  const secret = app.config.secret

  app.get(
    `${join}/listStudentOnlineCourseForClient`,
    {
      preHandler: student,
      schema: {
        summary: "The student's courses (bought, granted, joined free) with their progress: last studied first, then newest joined",
        security,
        querystring: myCoursesQuery,
        response: { 200: envelope(pageOf(myCourseSchema)) },
      },
    },
    async (request) => ok(await listMyCourses({ db: app.db, studentId: request.studentId, ...request.query, secret })),
  )

  app.get(
    `${join}/listStudentLiveCourseForClient`,
    {
      preHandler: student,
      schema: {
        summary: "The student's live courses (直播课), in the same order",
        security,
        querystring: myCoursesQuery,
        response: { 200: envelope(pageOf(myCourseSchema)) },
      },
    },
    async (request) => ok(await listMyCourses({ db: app.db, studentId: request.studentId, liveOnly: true, ...request.query, secret })),
  )

  app.get(
    `${knowledge}/latestCourseId`,
    {
      preHandler: student,
      schema: {
        summary: 'The current course (the one last studied, or last picked) with its last section and where it resumes; null before any',
        security,
        response: { 200: envelope(currentCourseSchema) },
      },
    },
    async (request) => ok(await currentCourse({ db: app.db, studentId: request.studentId })),
  )

  app.put(
    `${knowledge}/current`,
    {
      preHandler: student,
      schema: {
        summary: 'The student picks one of their courses as the current one (not theirs: 404)',
        security,
        consumes: FORM_CONSUMES,
        body: currentBody,
        response: { 200: envelope(currentCourseSchema) },
      },
    },
    async (request) => ok(await setCurrentCourse({ db: app.db, studentId: request.studentId, courseId: request.body.courseId })),
  )

  app.get(
    `${knowledge}/sectionForClient`,
    {
      preHandler: student,
      schema: {
        summary:
          "A section for the player (the student's course, or a trial section of a listed course; else 403; unknown 404): its signed media address, the student's progress, prev/next. A document is finished when opened",
        security,
        querystring: idQuery,
        response: { 200: envelope(sectionPlaySchema) },
      },
    },
    async (request) => ok(await openSection({ db: app.db, studentId: request.studentId, sectionId: request.query.id, secret })),
  )

  app.put(
    `${knowledge}/progress`,
    {
      preHandler: student,
      schema: {
        summary:
          "The player's heartbeat on a video (every heartbeatSeconds while playing, and on pause, end and hide): credits at most the real time since the student's last report (one clock for all their devices), never more than the position advanced; progress never goes back; with noSkip a position past the furthest point is answered with it (seek back)",
        security,
        consumes: FORM_CONSUMES,
        body: progressBody,
        response: { 200: envelope(progressAnswerSchema) },
      },
    },
    async (request) =>
      ok(
        await reportProgress({
          db: app.db,
          studentId: request.studentId,
          sectionId: request.body.sectionId,
          position: request.body.position,
          onStudied,
        }),
      ),
  )

  app.get(
    `${knowledge}/studyTimeForClient`,
    {
      preHandler: student,
      schema: {
        summary: 'Study time in seconds: today, in all, and per Asia/Shanghai day for the last `days` days',
        security,
        querystring: studyTimeQuery,
        response: { 200: envelope(studyTimeSchema) },
      },
    },
    async (request) => ok(await studyTime({ db: app.db, studentId: request.studentId, days: request.query.days })),
  )

  app.get(
    `${schedule}/listByStudent`,
    {
      preHandler: student,
      schema: {
        summary: "The live classes of the student's courses between two days (default a week ago to 30 days ahead), earliest first",
        security,
        querystring: liveScheduleQuery,
        response: { 200: envelope(z.array(liveItemSchema)) },
      },
    },
    async (request) => ok(await liveSchedule({ db: app.db, studentId: request.studentId, ...request.query })),
  )

  app.get(
    `${schedule}/enterForClient`,
    {
      preHandler: student,
      schema: {
        summary: "The live room's address, from 15 minutes before the start to the end (else 422); a class of another course: 404",
        security,
        querystring: idQuery,
        response: { 200: envelope(enterLiveSchema) },
      },
    },
    async (request) =>
      ok(
        await enterLive({
          db: app.db,
          studentId: request.studentId,
          liveId: request.query.id,
          secret,
          providerUrl: app.config.liveProviderUrl,
        }),
      ),
  )

  app.put(
    `${schedule}/watchLive`,
    {
      preHandler: student,
      schema: {
        summary:
          "The live room's heartbeat (every heartbeatSeconds while it is shown): time counts only while the class is live, on the student's one clock; attended at half the scheduled length",
        security,
        consumes: FORM_CONSUMES,
        body: idBody,
        response: { 200: envelope(watchLiveSchema) },
      },
    },
    async (request) => ok(await watchLive({ db: app.db, studentId: request.studentId, liveId: request.body.id })),
  )

  app.get(
    `${schedule}/playbackForClient`,
    {
      preHandler: student,
      schema: {
        summary: "An ended class's playback for the player, with the student's progress on it (no playback yet: 422)",
        security,
        querystring: idQuery,
        response: { 200: envelope(playbackSchema) },
      },
    },
    async (request) => ok(await openPlayback({ db: app.db, studentId: request.studentId, liveId: request.query.id, secret })),
  )

  app.put(
    `${schedule}/updatePlaybackProgress`,
    {
      preHandler: student,
      schema: {
        summary: "The playback's heartbeat: the same rules as a section's",
        security,
        consumes: FORM_CONSUMES,
        body: playbackProgressBody,
        response: { 200: envelope(progressAnswerSchema) },
      },
    },
    async (request) =>
      ok(await reportPlayback({ db: app.db, studentId: request.studentId, liveId: request.body.id, position: request.body.position })),
  )

  app.get('/live/room/:id', { schema: { hide: true, params: liveRoomParams, querystring: liveRoomQuery } }, async (request, reply) => {
    const html = await openLiveRoom({ db: app.db, liveId: request.params.id, token: request.query.t, secret })
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('Content-Security-Policy', LIVE_ROOM_CSP)
      .send(html)
  })
}
