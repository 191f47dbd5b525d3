import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

export const createSectionNotFoundError = createErrorFactory({
  key: 'study.sectionNotFound',
  code: Code.notFound,
  message: '课节不存在或已下架',
})
export const createSectionLockedError = createErrorFactory({
  key: 'study.sectionLocked',
  code: Code.forbidden,
  message: '请先购买或加入课程',
})
export const createNotVideoError = createErrorFactory({
  key: 'study.notVideo',
  code: Code.ruleRefused,
  message: '该课节不是视频，无需上报进度',
})
export const createCourseNotJoinedError = createErrorFactory({
  key: 'study.courseNotJoined',
  code: Code.notFound,
  message: '课程不存在或未加入',
})
export const createCourseNotFoundError = createErrorFactory({
  key: 'study.courseNotFound',
  code: Code.notFound,
  message: '课程不存在',
})
export const createStudentNotFoundError = createErrorFactory({
  key: 'study.studentNotFound',
  code: Code.notFound,
  message: '学员不存在',
})
export const createLiveNotFoundError = createErrorFactory({
  key: 'study.liveNotFound',
  code: Code.notFound,
  message: '直播不存在',
})
export const createLiveNotStartedError = createErrorFactory({
  key: 'study.liveNotStarted',
  code: Code.ruleRefused,
  message: '直播尚未开始',
})
export const createLiveEndedError = createErrorFactory({
  key: 'study.liveEnded',
  code: Code.ruleRefused,
  message: '直播已结束，请观看回放',
})
export const createNoPlaybackError = createErrorFactory({
  key: 'study.noPlayback',
  code: Code.ruleRefused,
  message: '回放暂未上传',
})
export const createLiveRoomTokenError = createErrorFactory({
  key: 'study.liveRoomToken',
  code: Code.forbidden,
  message: '直播间链接无效或已过期，请从直播课表重新进入',
})
export const createDateRangeError = createErrorFactory({
  key: 'study.dateRange',
  code: Code.badRequest,
  message: '查询范围不正确（开始日期不能晚于结束日期，且不超过92天）',
})
