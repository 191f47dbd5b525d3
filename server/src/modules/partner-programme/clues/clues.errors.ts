import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

export const createClueNotFoundError = createErrorFactory({ key: 'clue.notFound', code: Code.notFound, message: '线索不存在' })
export const createDuplicatePhoneError = createErrorFactory({
  key: 'clue.duplicate',
  code: Code.conflict,
  message: '该手机号已被登记，90天内不能重复登记',
})
export const createAlreadySubmittedError = createErrorFactory({
  key: 'clue.alreadySubmitted',
  code: Code.conflict,
  message: '您已提交过信息，我们会尽快与您联系',
})
export const createRefNotFoundError = createErrorFactory({
  key: 'clue.refNotFound',
  code: Code.ruleRefused,
  message: '推广链接无效，请联系推荐人重新获取',
})
export const createClueTransitionError = createErrorFactory({
  key: 'clue.transition',
  code: Code.conflict,
  message: '线索当前状态不能进行此操作',
})
export const createClueTakenError = createErrorFactory({
  key: 'clue.taken',
  code: Code.conflict,
  message: '该线索已被其他老师领取',
})
export const createAssigneeInvalidError = createErrorFactory({
  key: 'clue.assigneeInvalid',
  code: Code.ruleRefused,
  message: '只能分配给启用中的招生老师',
})
export const createNextContactPastError = createErrorFactory({
  key: 'clue.nextContactPast',
  code: Code.badRequest,
  message: '下次联系时间需晚于现在',
})
export const createCancelNotAllowedError = createErrorFactory({
  key: 'clue.cancelNotAllowed',
  code: Code.forbidden,
  message: '只有负责该线索的招生老师或管理员可以退费撤销成交',
})
