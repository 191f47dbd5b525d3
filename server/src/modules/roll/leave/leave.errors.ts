import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

export const createLeaveNotFoundError = createErrorFactory({ key: 'leave.notFound', code: Code.notFound, message: '请假不存在' })
export const createLeaveOverlapError = createErrorFactory({
  key: 'leave.overlap',
  code: Code.conflict,
  message: '这段时间已有请假（审批中或已通过），不能重复请假',
})
export const createLeaveRangeError = createErrorFactory({ key: 'leave.range', code: Code.badRequest, message: '请假时间有误' })
export const createLeavePictureError = createErrorFactory({
  key: 'leave.picture',
  code: Code.badRequest,
  message: '图片不存在，请重新上传',
})
export const createNotHeadTeacherError = createErrorFactory({
  key: 'leave.notHeadTeacher',
  code: Code.forbidden,
  message: '只能为自己班级的学员请假',
})
export const createLeaveStateError = createErrorFactory({ key: 'leave.state', code: Code.ruleRefused, message: '当前状态不能这样操作' })
