import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

export const createThesisNotFoundError = createErrorFactory({ key: 'thesis.notFound', code: Code.notFound, message: '论文记录不存在' })
export const createThesisBatchRuleError = createErrorFactory({
  key: 'thesis.batchRule',
  code: Code.badRequest,
  message: '论文批次设置有误',
})
export const createThesisBatchTakenError = createErrorFactory({
  key: 'thesis.batchTaken',
  code: Code.conflict,
  message: '该批次已有论文批次，请修改原有的批次',
})
export const createNoThesisBatchError = createErrorFactory({
  key: 'thesis.noBatch',
  code: Code.ruleRefused,
  message: '你所在的批次还没有开始论文工作',
})
export const createTopicFullError = createErrorFactory({
  key: 'thesis.topicFull',
  code: Code.conflict,
  message: '该题目名额已满，请选择其他题目',
})
export const createAlreadySelectedError = createErrorFactory({
  key: 'thesis.alreadySelected',
  code: Code.conflict,
  message: '你已经选过题目了',
})
export const createThesisStateError = createErrorFactory({ key: 'thesis.state', code: Code.ruleRefused, message: '当前不能这样操作' })
export const createNotAdvisorError = createErrorFactory({
  key: 'thesis.notAdvisor',
  code: Code.forbidden,
  message: '只有该学员的指导教师可以这样操作',
})
export const createThesisFileError = createErrorFactory({ key: 'thesis.file', code: Code.badRequest, message: '请上传 PDF 或 Word 文件' })
