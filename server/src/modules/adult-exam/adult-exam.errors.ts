import { createErrorFactory } from '../../lib/errors.ts'
import { Code } from '../../wire.ts'

export const createNoFileError = createErrorFactory({
  key: 'adultExam.noFile',
  code: Code.badRequest,
  message: '请选择要上传的 Excel 文件（字段名 file）',
})
export const createNotXlsxError = createErrorFactory({
  key: 'adultExam.notXlsx',
  code: Code.badRequest,
  message: '请上传 .xlsx 格式的 Excel 文件（可先下载模板）',
})
export const createFileTooLargeError = createErrorFactory({
  key: 'adultExam.tooLarge',
  code: Code.badRequest,
  message: '文件过大',
  statusCode: 413,
})
export const createBadHeaderError = createErrorFactory({ key: 'adultExam.badHeader', code: Code.badRequest, message: '表头与模板不一致' })
export const createNoRowsError = createErrorFactory({ key: 'adultExam.noRows', code: Code.badRequest, message: '文件中没有数据行' })
export const createTooManyRowsError = createErrorFactory({
  key: 'adultExam.tooManyRows',
  code: Code.badRequest,
  message: '单次导入的行数过多',
})
export const createResultNotFoundError = createErrorFactory({
  key: 'adultExam.resultNotFound',
  code: Code.notFound,
  message: '未查询到录取信息，请核对姓名和考生号',
})
export const createRecordNotFoundError = createErrorFactory({ key: 'adultExam.recordNotFound', code: Code.notFound, message: '记录不存在' })
