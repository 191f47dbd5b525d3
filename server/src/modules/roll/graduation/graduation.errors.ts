import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

export const createCollectionNotFoundError = createErrorFactory({
  key: 'graduation.collectionNotFound',
  code: Code.notFound,
  message: '照片采集不存在',
})
export const createCollectionTakenError = createErrorFactory({
  key: 'graduation.collectionTaken',
  code: Code.conflict,
  message: '该批次已有照片采集，请修改原有的采集',
})
export const createCollectionRuleError = createErrorFactory({
  key: 'graduation.collectionRule',
  code: Code.badRequest,
  message: '照片规格有误',
})
/** Why a student can't upload while their batch has no collection (the refusal and the page's notice). */
export const NO_COLLECTION = '你所在的批次还没有开始毕业照片采集'
export const createNoCollectionError = createErrorFactory({
  key: 'graduation.noCollection',
  code: Code.ruleRefused,
  message: NO_COLLECTION,
})
export const createPhotoRefusedError = createErrorFactory({
  key: 'graduation.photoRefused',
  code: Code.badRequest,
  message: '照片不符合要求，请重新上传',
})
export const createPhotoStateError = createErrorFactory({
  key: 'graduation.photoState',
  code: Code.ruleRefused,
  message: '当前不能上传照片',
})
export const createPhotoNotFoundError = createErrorFactory({
  key: 'graduation.photoNotFound',
  code: Code.notFound,
  message: '照片不存在',
})
export const createNamingNeedsUnmaskedError = createErrorFactory({
  key: 'graduation.namingNeedsUnmasked',
  code: Code.forbidden,
  message: '按身份证号命名的照片包含完整身份证号，请使用明文导出（需要明文导出权限和二次验证）',
})
