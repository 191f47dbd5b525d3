import { createErrorFactory } from '../../../lib/errors.ts'
import { Code, NIGHT_CHECK_IN_OPENS_MINUTES } from '../../../wire.ts'

export const createClassNotFoundError = createErrorFactory({ key: 'night.classNotFound', code: Code.notFound, message: '夜校课程不存在' })
export const createSignUpClosedError = createErrorFactory({
  key: 'night.signUpClosed',
  code: Code.ruleRefused,
  message: '课程已开始，报名已截止',
})
export const createClassFullError = createErrorFactory({ key: 'night.full', code: Code.ruleRefused, message: '名额已满，下次早点来哦' })
export const createAlreadySignedUpError = createErrorFactory({
  key: 'night.alreadySignedUp',
  code: Code.conflict,
  message: '你已报名该课程',
})
export const createNotSignedUpError = createErrorFactory({ key: 'night.notSignedUp', code: Code.notFound, message: '你未报名该课程' })
export const createCancelClosedError = createErrorFactory({
  key: 'night.cancelClosed',
  code: Code.ruleRefused,
  message: '课程已开始，不能取消报名',
})
export const createBadTokenError = createErrorFactory({
  key: 'night.badToken',
  code: Code.badRequest,
  message: '签到二维码无效，请扫描课堂上的最新二维码',
})
export const createCheckInNotSignedUpError = createErrorFactory({
  key: 'night.checkInNotSignedUp',
  code: Code.forbidden,
  message: '你未报名该课程，不能签到',
})
export const createCheckInNotOpenError = createErrorFactory({
  key: 'night.checkInNotOpen',
  code: Code.ruleRefused,
  message: `签到尚未开始，开课前${NIGHT_CHECK_IN_OPENS_MINUTES}分钟开放`,
})
export const createCheckInClosedError = createErrorFactory({
  key: 'night.checkInClosed',
  code: Code.ruleRefused,
  message: '课程已结束，签到已关闭',
})
export const createSignUpNotFoundError = createErrorFactory({ key: 'night.signUpNotFound', code: Code.notFound, message: '报名记录不存在' })
export const createSignUpCancelledError = createErrorFactory({
  key: 'night.signUpCancelled',
  code: Code.conflict,
  message: '该报名已取消',
})
export const createAttendedError = createErrorFactory({
  key: 'night.attended',
  code: Code.conflict,
  message: '该学员已签到，不能取消报名',
})
export const createMarkNotSignedUpError = createErrorFactory({
  key: 'night.markNotSignedUp',
  code: Code.ruleRefused,
  message: '该学员未报名该课程',
})
export const createCapacityBelowSignedUpError = createErrorFactory({
  key: 'night.capacityBelowSignedUp',
  code: Code.ruleRefused,
  message: '名额不能少于已报名人数',
})
export const createClassHasSignUpsError = createErrorFactory({
  key: 'night.hasSignUps',
  code: Code.conflict,
  message: '已有学员报名，不能删除；可先下架',
})
