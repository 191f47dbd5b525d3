/**
 * 工作台's to-dos as cards, grouped by the office's work (招生, 教务, 教学, 财务, 积分). The server
 * answers null for a to-do the operator's rights do not cover: no card. Each card opens its list
 * with the filter in the address, the same filter the server counted with, so the list's total is
 * the card's number. A group without cards is left out.
 */
import {
  ClueStatus,
  GoodOrderStatus,
  PartnerStatus,
  PointsApplicationStatus,
  RefundStatus,
  ReplyStatus,
  RollRequestStatus,
  WithdrawalStatus,
} from '@activity/wire'
import { formatYuan } from '@activity/money'
import type { Dashboard } from '../../api/dashboard'

export interface TodoCard {
  testId: string
  title: string
  value: number
  suffix: string
  /** The list it opens, filtered to it. */
  to: string
  /** A line under the number (text), and its test id. */
  note?: string
  noteTestId?: string
}

export interface TodoGroup {
  key: 'enroll' | 'registry' | 'teaching' | 'finance' | 'points'
  title: string
  cards: TodoCard[]
}

/** A list's address with its filter. */
export function listLink(path: string, filter: Record<string, string>): string {
  return `${path}?${new URLSearchParams(filter).toString()}`
}

/** The address of the 答疑 queue waiting for a teacher (the workbench's oldest questions open it too). */
export const WAITING_QUESTIONS_LINK = listLink('/student-questions', { status: ReplyStatus.pending, closed: 'false' })

type Candidate = Omit<TodoCard, 'value'> & { value: number | null | undefined }

const present = (cards: Candidate[]): TodoCard[] => cards.filter((c): c is TodoCard => c.value !== null && c.value !== undefined)

/** The groups of cards this operator sees, in the office's order; empty when nothing is theirs. */
export function todoGroups(data: Dashboard): TodoGroup[] {
  const { todos } = data
  const groups: TodoGroup[] = [
    {
      key: 'enroll',
      title: '招生',
      cards: present([
        {
          testId: 'todo-partners',
          title: '待审核合伙人',
          value: data.pendingPartners,
          suffix: '人',
          to: listLink('/partners', { status: PartnerStatus.pending }),
        },
        {
          testId: 'todo-overdue',
          title: '逾期未联系',
          value: todos.overdueClues,
          suffix: '条',
          to: listLink('/clues', { overdue: '1' }),
        },
        {
          testId: 'todo-stale-clues',
          title: '超24小时未跟进线索',
          value: data.staleClues,
          suffix: '条',
          to: listLink('/clues', { staleHours: '24' }),
        },
        {
          testId: 'todo-pool',
          title: '公海待跟进线索',
          value: todos.poolClues,
          suffix: '条',
          to: listLink('/clues', { assignee: 'pool', status: ClueStatus.new }),
        },
      ]),
    },
    {
      key: 'registry',
      title: '教务',
      cards: present([
        {
          testId: 'todo-roll-requests',
          title: '待审核学籍变更',
          value: todos.rollRequests,
          suffix: '条',
          to: listLink('/roll-requests', { status: RollRequestStatus.pending }),
        },
        {
          testId: 'todo-night-today',
          title: '今日夜校',
          value: todos.nightClassesToday?.count,
          suffix: '节',
          to: listLink('/night/classes', { date: todos.nightClassesToday?.date ?? '' }),
        },
      ]),
    },
    {
      key: 'teaching',
      title: '教学',
      cards: present([
        {
          testId: 'todo-questions',
          title: '待回复答疑',
          value: todos.questions?.count,
          suffix: '条',
          to: WAITING_QUESTIONS_LINK,
        },
        {
          testId: 'todo-marking',
          title: '待阅卷试卷',
          value: todos.papersToMark?.papers,
          suffix: '份',
          note: todos.papersToMark ? `共 ${todos.papersToMark.attempts} 份答卷待阅` : undefined,
          noteTestId: 'todo-marking-attempts',
          to: listLink('/papers', { marking: 'true' }),
        },
      ]),
    },
    {
      key: 'finance',
      title: '财务',
      cards: present([
        {
          testId: 'todo-refunding',
          title: '退款中缴费单',
          value: todos.refunding,
          suffix: '笔',
          to: listLink('/fee-orders', { refundStatus: RefundStatus.pending }),
        },
        {
          testId: 'todo-withdrawals',
          title: '待打款提现',
          value: data.pendingWithdrawals?.count,
          suffix: '笔',
          note: data.pendingWithdrawals ? `合计 ¥${formatYuan(data.pendingWithdrawals.amount, { symbol: false })}` : undefined,
          noteTestId: 'todo-withdrawals-amount',
          to: listLink('/withdrawals', { status: WithdrawalStatus.applying }),
        },
      ]),
    },
    {
      key: 'points',
      title: '积分',
      cards: present([
        {
          testId: 'todo-points-applications',
          title: '待审核积分申请',
          value: todos.pointsApplications,
          suffix: '条',
          to: listLink('/points/applications', { status: PointsApplicationStatus.pending }),
        },
        {
          testId: 'todo-goods-to-ship',
          title: '待发货兑换订单',
          value: todos.goodsToShip,
          suffix: '笔',
          to: listLink('/points/orders', { status: GoodOrderStatus.toShip }),
        },
      ]),
    },
  ]
  return groups.filter((g) => g.cards.length > 0)
}
