import { z } from 'zod'
import { codeField, dateOrder, dateRangeQuery, idField, optionalText, passwordField, phoneField, wireEnum } from '../../../lib/fields.ts'
import { pagingQuery } from '../../../lib/envelope.ts'
import {
  BATCHES,
  CATEGORY_VALUES,
  Gender,
  GENDERS,
  INTAKE_YEARS,
  PARTNER_STATUSES,
  PayoutAccountType,
  PAYOUT_ACCOUNT_TYPES,
  PartnerStatus,
  isValidIdCard,
} from '../../../wire.ts'
import { accountOut, idNumberOut, phoneOut } from '../../../lib/sensitive.ts'

const oneOf = <T extends string>(values: readonly T[], message: string) => z.enum(values as unknown as [T, ...T[]], message)

export const registerBody = z.object({
  phone: phoneField,
  code: codeField,
  password: passwordField,
  referrerCode: optionalText(16),
})

export const signInBody = z
  .object({
    phone: phoneField,
    password: z
      .string()
      .max(64, '密码不能超过64个字符')
      .optional()
      .transform((v) => (v === '' ? undefined : v)),
    code: optionalText(6).pipe(
      z
        .string()
        .regex(/^\d{6}$/, '验证码为6位数字')
        .optional(),
    ),
  })
  .refine((b) => b.password !== undefined || b.code !== undefined, { message: '请填写密码或验证码', path: ['password'] })

export const changePasswordBody = z.object({
  oldPassword: z.string({ error: '请填写原密码' }).min(1, '请填写原密码').max(64, '原密码不能超过64个字符'),
  password: passwordField,
})

export const resetPasswordBody = z.object({ phone: phoneField, code: codeField, password: passwordField })

export const savePersonalBody = z
  .object({
    realName: z
      .string({ error: '请填写真实姓名' })
      .trim()
      .min(1, '请填写真实姓名')
      .max(20, '真实姓名不能超过20个字符')
      .regex(/^[\u4e00-\u9fa5A-Za-z·. ]+$/, '真实姓名只能包含中文或字母'),
    gender: oneOf(GENDERS, '请选择性别'),
    idCard: optionalText(18).pipe(
      z
        .string()
        .refine((v) => isValidIdCard(v), '身份证号不正确')
        .optional(),
    ),
    province: z.string({ error: '请选择省份' }).trim().min(1, '请选择省份').max(20, '省份不能超过20个字符'),
    city: z.string({ error: '请选择城市' }).trim().min(1, '请选择城市').max(20, '城市不能超过20个字符'),
    wechatId: optionalText(40),
    payoutType: oneOf(PAYOUT_ACCOUNT_TYPES, '请选择收款方式'),
    payoutAccount: optionalText(40),
    payoutName: z.string({ error: '请填写收款人姓名' }).trim().min(1, '请填写收款人姓名').max(20, '收款人姓名不能超过20个字符'),
  })
  .superRefine((b, ctx) => {
    const a = b.payoutAccount
    if (a === undefined) return
    const ok =
      b.payoutType === PayoutAccountType.bank
        ? /^\d{12,30}$/.test(a)
        : b.payoutType === PayoutAccountType.alipay
          ? /^1[3-9]\d{9}$/.test(a) || /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(a)
          : /^[A-Za-z0-9_-]{5,40}$/.test(a) || /^1[3-9]\d{9}$/.test(a)
    if (!ok) ctx.addIssue({ code: 'custom', path: ['payoutAccount'], message: `${b.payoutType}收款账号格式不正确` })
  })

export const saveSignUpBody = z.object({
  school: z.string({ error: '请填写学校' }).trim().min(1, '请填写学校').max(50, '学校不能超过50个字符'),
  major: z.string({ error: '请填写专业' }).trim().min(1, '请填写专业').max(50, '专业不能超过50个字符'),
  discipline: oneOf(CATEGORY_VALUES, '请选择报考类别'),
  intakeYear: oneOf(INTAKE_YEARS, '请选择入学年份'),
  batch: oneOf(BATCHES, '请选择批次'),
})

export const auditBody = z
  .object({
    id: idField,
    status: oneOf([PartnerStatus.active, PartnerStatus.rejected, PartnerStatus.disabled] as const, '审核结果只能是已通过、已拒绝或已禁用'),
    reason: optionalText(200),
  })
  .describe('已通过 approves (or re-enables), 已拒绝 rejects with a reason, 已禁用 disables')

const partnerFilterQuery = {
  status: z.preprocess((v) => (v === '' ? undefined : v), oneOf(PARTNER_STATUSES, '状态不在可选范围内').optional()),
  keyword: optionalText(40),
  ...dateRangeQuery,
  sort: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['createdAt_desc', 'createdAt_asc'], '排序方式不在可选范围内').optional()),
}
export const adminListQuery = z.object({ ...partnerFilterQuery, ...pagingQuery }).superRefine(dateOrder)
export const exportQuery = z.object(partnerFilterQuery).superRefine(dateOrder)

export const detailsQuery = z.object({ id: idField })

/** The signed-in user of the client (SPEC: id, avatar, school, major, discipline). */
export const userSchema = z.object({
  id: z.number().int(),
  phone: phoneOut().describe('masked: 138****1234'),
  nickname: z.string().nullable(),
  avatar: z.string().nullable(),
  school: z.string().nullable(),
  major: z.string().nullable(),
  discipline: z.string().nullable(),
  status: z.string(),
  code: z.string().describe('the share code'),
})

export const profileSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  phone: phoneOut(),
  status: wireEnum(PARTNER_STATUSES),
  rejectReason: z.string().nullable(),
  nickname: z.string().nullable(),
  avatar: z.string().nullable(),
  personal: z.object({
    realName: z.string().nullable(),
    gender: wireEnum(GENDERS).nullable(),
    idCard: idNumberOut().describe('masked'),
    province: z.string().nullable(),
    city: z.string().nullable(),
    wechatId: z.string().nullable(),
    payoutType: wireEnum(PAYOUT_ACCOUNT_TYPES).nullable(),
    payoutAccount: accountOut().nullable().describe('masked'),
    payoutName: z.string().nullable(),
  }),
  signUp: z.object({
    school: z.string().nullable(),
    major: z.string().nullable(),
    discipline: z.string().nullable(),
    intakeYear: z.string().nullable(),
    batch: z.string().nullable(),
  }),
  missing: z.object({ personal: z.boolean(), signUp: z.boolean(), payoutAccount: z.boolean() }),
  shareLink: z.string(),
  createdAt: z.string(),
})

export const adminPartnerSchema = profileSchema.extend({
  phone: phoneOut().describe('whole for an operator with 查看完整手机号, masked otherwise'),
  referrerId: z.number().nullable(),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
})

export { Gender }

export const partnerDetailSchema = adminPartnerSchema.extend({
  sensitiveVisible: z
    .boolean()
    .describe(
      'true for a position with 查看完整手机号 (data.reveal) and ledger.view or withdrawals.view: personal.idCard and personal.payoutAccount are whole; masked otherwise',
    ),
  teamSize: z.number().describe("partners registered with this partner's code"),
  wallet: z
    .object({
      balance: z.number(),
      frozen: z.number(),
      withdrawable: z.number(),
      debt: z.number().describe('owed: what claw-backs of cancelled deals could not take; later commissions pay it first'),
    })
    .nullable()
    .describe('fen; null for 招生老师'),
  clueCounts: z.object({ total: z.number(), deal: z.number() }),
})
