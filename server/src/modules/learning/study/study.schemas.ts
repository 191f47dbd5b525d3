import { z } from 'zod'
import { pagingQuery } from '../../../lib/envelope.ts'
import { dateField, idField, wireEnum } from '../../../lib/fields.ts'
import { ENROLMENT_SOURCES, LIVE_STATUSES, PRODUCT_TYPES, SECTION_KINDS } from '../../../wire.ts'

/** The longest position a player may report (a day of video): seconds. */
const POSITION_MAX = 86_400

/** A player position in seconds (decimals allowed), from a form string or a JSON number. */
const positionField = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: (issue) => (issue.input === undefined ? '请填写播放位置' : '播放位置格式不正确') })
    .min(0, '播放位置不能小于0')
    .max(POSITION_MAX, `播放位置不能大于${POSITION_MAX}秒`),
)

export const idQuery = z.object({ id: idField })
export const idBody = z.object({ id: idField })
export const myCoursesQuery = z.object({ ...pagingQuery })
export const currentBody = z.object({ courseId: idField })
export const progressBody = z.object({
  sectionId: idField,
  position: positionField.describe('seconds from the start of the video (decimals allowed)'),
})
export const playbackProgressBody = z.object({ id: idField, position: positionField.describe('seconds from the start of the playback') })
export const studyTimeQuery = z.object({
  days: z.coerce
    .number('天数格式不正确')
    .int('天数必须为整数')
    .min(1, '天数不能小于1')
    .max(90, '天数不能大于90')
    .default(7)
    .describe('how many days back, today included (1-90, default 7)'),
})
export const liveScheduleQuery = z.object({
  from: dateField('开始日期').describe('YYYY-MM-DD (Asia/Shanghai), default 7 days ago'),
  to: dateField('结束日期').describe('YYYY-MM-DD (Asia/Shanghai, inclusive), default 30 days ahead; at most 92 days after from'),
})

const progressOfCourse = z.object({
  finished: z.number().int(),
  total: z.number().int(),
  percent: z.number().int().describe('0..100, 100 only when every section is finished'),
})

export const myCourseSchema = z.object({
  courseId: z.number().int(),
  title: z.string(),
  cover: z.string().nullable(),
  type: wireEnum(PRODUCT_TYPES),
  source: wireEnum(ENROLMENT_SOURCES),
  finished: z.number().int(),
  total: z.number().int(),
  percent: z.number().int(),
  lastSectionId: z.number().int().nullable(),
  lastSectionTitle: z.string().nullable(),
  lastStudiedAt: z.string().nullable(),
  joinedAt: z.string(),
})

export const currentCourseSchema = z
  .object({
    courseId: z.number().int(),
    title: z.string(),
    sectionId: z.number().int().nullable(),
    sectionTitle: z.string().nullable(),
    position: z.number().describe('seconds: where the section resumes'),
    studiedAt: z.string(),
  })
  .nullable()

export const sectionPlaySchema = z.object({
  id: z.number().int(),
  courseId: z.number().int(),
  courseTitle: z.string(),
  chapterTitle: z.string(),
  title: z.string(),
  kind: wireEnum(SECTION_KINDS),
  duration: z.number().describe('seconds'),
  url: z.string().nullable().describe('signed media address (video or document); null for a live section'),
  fileName: z.string().nullable(),
  liveSessionId: z.number().int().nullable(),
  position: z.number().describe('seconds: resume here'),
  furthest: z.number(),
  watched: z.number(),
  finished: z.boolean(),
  noSkip: z.boolean().describe('the course forbids seeking past `furthest` and this section is not finished yet'),
  prevId: z.number().int().nullable(),
  nextId: z.number().int().nullable(),
  heartbeatSeconds: z.number().int(),
})

export const progressAnswerSchema = z.object({
  position: z.number().describe('the accepted position; with noSkip never past furthest (+1.5 heartbeats): seek back to it when lower'),
  furthest: z.number(),
  watched: z.number(),
  finished: z.boolean(),
  added: z.number().describe('seconds credited by this report'),
  course: progressOfCourse,
})

export const studyTimeSchema = z.object({
  today: z.number().describe('seconds studied today (Asia/Shanghai)'),
  total: z.number().describe('seconds studied in all'),
  days: z.array(z.object({ day: z.string(), seconds: z.number() })).describe('oldest first, days without study included'),
})

export const liveItemSchema = z.object({
  id: z.number().int(),
  courseId: z.number().int(),
  courseTitle: z.string(),
  title: z.string(),
  teacher: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: wireEnum(LIVE_STATUSES),
  watched: z.number().describe('seconds in the room while it was live'),
  attended: z.boolean().describe('watched at least half of the scheduled length'),
  playback: z
    .object({ duration: z.number(), position: z.number(), finished: z.boolean() })
    .nullable()
    .describe('set once the class ended and its playback is uploaded'),
})
export const enterLiveSchema = z.object({ url: z.string().describe("the live room: the provider's, or the local stand-in page") })
export const watchLiveSchema = z.object({ watched: z.number(), attended: z.boolean() })
export const playbackSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  courseTitle: z.string(),
  duration: z.number(),
  url: z.string().nullable(),
  position: z.number(),
  furthest: z.number(),
  watched: z.number(),
  finished: z.boolean(),
  heartbeatSeconds: z.number().int(),
})

export const liveRoomParams = z.object({ id: idField })
export const liveRoomQuery = z.object({ t: z.string('请从直播课表进入直播间').max(200, '直播间链接无效') })
