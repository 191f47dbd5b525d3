import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

export const createSessionNotFoundError = createErrorFactory({
  key: 'attendance.sessionNotFound',
  code: Code.notFound,
  message: '课次不存在',
})
export const createSessionStateError = createErrorFactory({
  key: 'attendance.sessionState',
  code: Code.conflict,
  message: '课次当前不能这样操作',
})
export const createPlanError = createErrorFactory({ key: 'attendance.plan', code: Code.badRequest, message: '排课信息有误' })
export const createBadCodeError = createErrorFactory({
  key: 'attendance.badCode',
  code: Code.badRequest,
  message: '签到码无效或已过期，请扫描屏幕上最新的签到码',
})
export const createNotInSessionError = createErrorFactory({
  key: 'attendance.notInSession',
  code: Code.forbidden,
  message: '你不在这节课的班级中',
})
export const createCheckInNotOpenError = createErrorFactory({ key: 'attendance.notOpen', code: Code.conflict, message: '签到尚未开始' })
export const createCheckInClosedError = createErrorFactory({
  key: 'attendance.closed',
  code: Code.conflict,
  message: '本节课已结束，签到已关闭，可申请补卡',
})
export const createNotYourSessionError = createErrorFactory({
  key: 'attendance.notYours',
  code: Code.forbidden,
  message: '只能查看和点名自己任课或所带班级的课次',
})
export const createRollCallError = createErrorFactory({
  key: 'attendance.rollCall',
  code: Code.badRequest,
  message: '点名的学员不在本课次中',
})
export const createMakeUpError = createErrorFactory({ key: 'attendance.makeUp', code: Code.conflict, message: '这节课不能申请补卡' })
export const createMakeUpLimitError = createErrorFactory({
  key: 'attendance.makeUpLimit',
  code: Code.conflict,
  message: '本月补卡次数已用完',
})
