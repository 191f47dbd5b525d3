import { z } from 'zod'
import { intField, wireEnum } from '../../../lib/fields.ts'
import { CLUE_STATUSES } from '../../../wire.ts'
import { phoneOut } from '../../../lib/sensitive.ts'

export const dashboardQuery = z.object({
  overdueLimit: z.preprocess((v) => (v === '' ? undefined : v), intField({ label: '逾期条数', min: 1, max: 50 }).optional()),
})

const count = z.number().nullable()

export const dashboardSchema = z.object({
  /** The operator's position's name. */
  role: z.string(),
  pendingPartners: z.number().nullable().describe('待审核 partners (/partners?status=待审核); null without partners.review'),
  staleClues: z
    .number()
    .nullable()
    .describe('open clues not touched for over 24 h (/clues?staleHours=24; teacher: own + pool); null without clues.work'),
  pendingWithdrawals: z
    .object({ count: z.number(), amount: z.number().describe('fen') })
    .nullable()
    .describe('withdrawals 审核中 to pay (/withdrawals?status=审核中); null without withdrawals.pay'),
  todos: z
    .object({
      overdueClues: count.describe('open clues past their next contact (/clues?overdue=1; teacher: own + pool); clues.work'),
      poolClues: count.describe('clues 待跟进 in the pool (/clues?assignee=pool&status=待跟进); clues.work'),
      rollRequests: count.describe('学籍变更申请 待审核 (/roll-requests?status=待审核); rollRequests.approve'),
      questions: z
        .object({
          count: z.number(),
          oldest: z.array(
            z.object({
              id: z.number(),
              title: z.string(),
              studentName: z.string(),
              courseTitle: z.string(),
              waitingSince: z.string().describe('the last post, which waits for a teacher'),
            }),
          ),
        })
        .nullable()
        .describe(
          '答疑 waiting for a teacher (/student-questions?status=待回复&closed=false), the longest waiting first; studentQuestions.answer',
        ),
      papersToMark: z
        .object({ papers: z.number(), attempts: z.number().describe('attempts 待阅卷 in them') })
        .nullable()
        .describe('papers with attempts 待阅卷 (/papers?marking=true); exams.edit'),
      nightClassesToday: z
        .object({ date: z.string().describe('YYYY-MM-DD, Asia/Shanghai'), count: z.number() })
        .nullable()
        .describe("today's night classes (/night/classes?date=<date>); night.edit"),
      refunding: count.describe('fee orders with a refund 退款中 (/fee-orders?refundStatus=退款中); fees.refund'),
      pointsApplications: count.describe('points applications 待审核 (/points/applications?status=待审核); points.edit'),
      goodsToShip: count.describe('exchange orders 待发货 (/points/orders?status=待发货); points.edit'),
    })
    .describe("the to-dos of the operator's rights, each null when no right of theirs covers it; each count is its list's total"),
  overdueContacts: z.array(
    z.object({
      clueId: z.number(),
      name: z.string(),
      phone: phoneOut(),
      status: wireEnum(CLUE_STATUSES),
      nextContactAt: z.string(),
      assigneeId: z.number().nullable(),
      assigneeName: z.string().nullable(),
      partnerId: z.number().nullable(),
      partnerName: z.string().nullable(),
    }),
  ),
  cycle: z.object({
    from: z.string(),
    to: z.string().describe('exclusive'),
    newClues: z.number(),
    deals: z.number(),
    commission: z.number().describe('fen credited'),
    paidOut: z.number().describe('fen paid'),
  }),
  trend: z.array(
    z.object({
      date: z.string().describe('YYYY-MM-DD, Asia/Shanghai'),
      clues: z.number(),
      deals: z.number(),
      commission: z.number(),
      paidOut: z.number(),
    }),
  ),
})
