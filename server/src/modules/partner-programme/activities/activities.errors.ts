import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

export const createActivityNotFoundError = createErrorFactory({
  key: 'activity.notFound',
  code: Code.notFound,
  message: '活动不存在或已下线',
})
export const createActivityWindowError = createErrorFactory({
  key: 'activity.window',
  code: Code.badRequest,
  message: '结束时间必须晚于开始时间',
})
export const createActivityEmptyBodyError = createErrorFactory({
  key: 'activity.emptyBody',
  code: Code.badRequest,
  message: '活动内容不能为空',
})
export const createActivityNotStartedError = createErrorFactory({
  key: 'activity.notStarted',
  code: Code.ruleRefused,
  message: '活动尚未开始，暂不能报名',
})
export const createActivityEndedError = createErrorFactory({
  key: 'activity.ended',
  code: Code.ruleRefused,
  message: '活动已结束，不能再报名',
})
export const createActivityNoClueFormError = createErrorFactory({
  key: 'activity.noClueForm',
  code: Code.ruleRefused,
  message: '该活动不接受报名',
})
