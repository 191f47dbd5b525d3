import { z } from 'zod'
import { pagingQuery } from '../../../lib/envelope.ts'
import { idField } from '../../../lib/fields.ts'
import { MESSAGE_KINDS, MESSAGE_TARGETS, SUBSCRIBE_TEMPLATES } from '../../../wire.ts'

export const listQuery = z.object({
  ...pagingQuery,
  offset: z.coerce
    .number('offset必须是整数')
    .int('offset必须是整数')
    .min(0, 'offset不能小于0')
    .max(1_000_000, 'offset过大')
    .optional()
    .describe(
      'Rows to skip instead of (page - 1) * size: a client that marked k shown messages read asks from (shown - k), since each moved below the unread ones (nothing is skipped; rows it already shows come again)',
    ),
})

export const messageSchema = z.object({
  id: z.number().int(),
  kind: z.string().describe(`MessageKind: ${MESSAGE_KINDS.join(' | ')}`),
  title: z.string(),
  body: z.string(),
  targetType: z
    .string()
    .nullable()
    .describe(`What tapping opens (MessageTarget: ${MESSAGE_TARGETS.join(' | ')}), or null`),
  targetId: z.number().int().nullable().describe('The clue, withdrawal, ledger entry or notice it opens'),
  read: z.boolean(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
})

export const unreadCountSchema = z.object({ count: z.number().int() })
export const readBody = z.object({ id: idField })
export const readAllSchema = z.object({ count: z.number().int().describe('How many messages it marked read') })

export const templatesSchema = z.object({
  templates: z
    .array(z.object({ template: z.string().describe(SUBSCRIBE_TEMPLATES.join(' | ')), templateId: z.string() }))
    .describe('The subscribe-message templates configured (empty: request none)'),
})

/** WeChat template ids are 43 characters of [A-Za-z0-9_-]; at most 3 per request (WeChat's limit). */
const templateId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, '模板编号格式不正确')
export const subscribeBody = z.object({
  templateIds: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : v),
      z.array(templateId, '请选择要订阅的消息').max(3, '一次最多订阅3种消息'),
    )
    .describe('The template ids the partner accepted (comma-separated in a form)'),
})
export const subscriptionsSchema = z.object({
  subscriptions: z.array(z.object({ template: z.string(), remaining: z.number().int() })),
})

export const subscribeOutboxSchema = z.array(
  z.object({
    id: z.number().int(),
    openId: z.string(),
    templateId: z.string(),
    page: z.string(),
    data: z.record(z.string(), z.object({ value: z.string() })),
    createdAt: z.string(),
  }),
)
