import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

export const createResultNotFoundError = createErrorFactory({
  key: 'adultExam.resultNotFound',
  code: Code.notFound,
  message: '未查询到录取信息，请核对姓名和考生号',
})
export const createRecordNotFoundError = createErrorFactory({ key: 'adultExam.recordNotFound', code: Code.notFound, message: '记录不存在' })
