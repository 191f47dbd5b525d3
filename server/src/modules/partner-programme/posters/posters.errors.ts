import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

export const createBackgroundNotFoundError = createErrorFactory({ key: 'poster.notFound', code: Code.notFound, message: '海报背景不存在' })
export const createNoFileError = createErrorFactory({ key: 'poster.noFile', code: Code.badRequest, message: '请选择要上传的图片' })
export const createNotImageError = createErrorFactory({
  key: 'poster.notImage',
  code: Code.badRequest,
  message: '只能上传 PNG、JPG、GIF 或 WebP 图片',
})
export const createFileTooLargeError = createErrorFactory({
  key: 'poster.tooLarge',
  code: Code.badRequest,
  message: '图片过大',
  statusCode: 413,
})
export const createMiniCodeUnavailableError = createErrorFactory({
  key: 'poster.miniCodeUnavailable',
  code: Code.upstreamFailed,
  message: '小程序码暂时无法生成，请稍后再试',
})
