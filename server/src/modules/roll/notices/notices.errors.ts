import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

export const createNoticeNotFoundError = createErrorFactory({
  key: 'notice.notFound',
  code: Code.notFound,
  message: '通知不存在或已下架',
})
export const createNoticeEmptyContentError = createErrorFactory({
  key: 'notice.emptyContent',
  code: Code.badRequest,
  message: '通知内容不能为空',
})
export const createNoticePublishedError = createErrorFactory({
  key: 'notice.published',
  code: Code.ruleRefused,
  message: '请先下架再修改',
})
export const createNoticeAlreadyPublishedError = createErrorFactory({
  key: 'notice.alreadyPublished',
  code: Code.conflict,
  message: '该通知已发布',
})
export const createNoticeNotPublishedError = createErrorFactory({
  key: 'notice.notPublished',
  code: Code.conflict,
  message: '只有已发布的通知可以下架',
})
export const createNoticeRemovePublishedError = createErrorFactory({
  key: 'notice.removePublished',
  code: Code.ruleRefused,
  message: '已发布的通知请先下架再删除',
})
