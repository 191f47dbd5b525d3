import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

export const createMailingNotFoundError = createErrorFactory({
  key: 'textbook.mailingNotFound',
  code: Code.notFound,
  message: '教材邮寄不存在',
})
export const createRecordNotFoundError = createErrorFactory({
  key: 'textbook.recordNotFound',
  code: Code.notFound,
  message: '教材邮寄记录不存在',
})
export const createMailingPublishedError = createErrorFactory({
  key: 'textbook.published',
  code: Code.conflict,
  message: '已发布的教材邮寄不能再修改或删除',
})
export const createMailingDraftError = createErrorFactory({
  key: 'textbook.draft',
  code: Code.conflict,
  message: '教材邮寄还未发布',
})
export const createNoStudentsError = createErrorFactory({
  key: 'textbook.noStudents',
  code: Code.ruleRefused,
  message: '没有符合条件的在读学员，请调整邮寄对象',
})
export const createClassNotFoundError = createErrorFactory({ key: 'textbook.classNotFound', code: Code.badRequest, message: '班级不存在' })
export const createDeadlinePassedError = createErrorFactory({
  key: 'textbook.deadlinePassed',
  code: Code.ruleRefused,
  message: '地址确认已截止，如需修改请联系教务处',
})
export const createAlreadyShippedError = createErrorFactory({
  key: 'textbook.shipped',
  code: Code.conflict,
  message: '教材已发货，收货地址不能再修改',
})
export const createAddressMissingError = createErrorFactory({
  key: 'textbook.addressMissing',
  code: Code.ruleRefused,
  message: '学员还没有确认收货地址，不能发货',
})
export const createDeadlinePastError = createErrorFactory({
  key: 'textbook.deadlinePast',
  code: Code.badRequest,
  message: '地址确认截止日期不能早于今天',
})
