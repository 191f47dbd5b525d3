/**
 * How each enumeration of @activity/wire looks in the console, once: ProTable `valueEnum`s (the text,
 * and a status or a colour). Given to a column (`enumColumn`) an enum drives the filter's options
 * and the cell, a tag in the enum's colour; EnumTag shows the same tag outside a table (a page
 * header, a description).
 */
import {
  ACTIVITY_STATES,
  ACTIVITY_STATUSES,
  ACTIVITY_TYPES,
  ActivityState,
  ActivityStatus,
  AdminRole,
  ATTEMPT_STATUSES,
  AttemptStatus,
  CLUE_SOURCES,
  CLUE_STATUSES,
  ClueStatus,
  DIFFICULTIES,
  Difficulty,
  EDUCATION_TYPES,
  ENROLMENT_SOURCES,
  EnrolmentSource,
  LEDGER_TYPES,
  LedgerType,
  LIVE_STATUSES,
  LiveStatus,
  NOTICE_STATUSES,
  NoticeStatus,
  ORDER_PAY_STATUSES,
  OrderPayStatus,
  PAPER_KINDS,
  PAPER_STATUSES,
  PAPER_USES,
  PaperKind,
  PaperStatus,
  PaperUse,
  PARTNER_STATUSES,
  PartnerStatus,
  PRODUCT_STATUSES,
  PRODUCT_TYPES,
  ProductStatus,
  ProductType,
  REPLY_STATUSES,
  ReplyStatus,
  QUESTION_TYPES,
  QuestionType,
  ROLL_REQUEST_STATUSES,
  RollRequestStatus,
  SECTION_KINDS,
  SectionKind,
  SESSION_PHASES,
  SessionPhase,
  STUDENT_LEVELS,
  STUDENT_STATUSES,
  StudentStatus,
  WITHDRAWAL_STATUSES,
  WithdrawalStatus,
} from '@activity/wire'
import { Tag } from 'antd'
import type { ReactNode } from 'react'

/** ProTable's badge statuses. */
export type BadgeStatus = 'Success' | 'Error' | 'Processing' | 'Warning' | 'Default'

export interface EnumItem {
  text: string
  /** A state in a flow (shown as that state's badge). */
  status?: BadgeStatus
  /** A kind without an order (a ledger entry's type, a role): one of antd's preset colours. */
  color?: string
}

export type ValueEnum<K extends string> = Record<K, EnumItem>

/** A ProTable valueEnum over an enumeration's values, each shown by its own name. */
export function valueEnum<K extends string>(values: readonly K[], looks: Partial<Record<K, Omit<EnumItem, 'text'>>> = {}): ValueEnum<K> {
  const items = {} as ValueEnum<K>
  for (const v of values) items[v] = { text: v, ...looks[v] }
  return items
}

export const CLUE_STATUS_ENUM = valueEnum(CLUE_STATUSES, {
  [ClueStatus.new]: { status: 'Warning' },
  [ClueStatus.following]: { status: 'Processing' },
  [ClueStatus.deal]: { status: 'Success' },
  [ClueStatus.invalid]: { status: 'Default' },
  [ClueStatus.cancelled]: { status: 'Error' },
})

export const CLUE_SOURCE_ENUM = valueEnum(CLUE_SOURCES)

export const WITHDRAWAL_STATUS_ENUM = valueEnum(WITHDRAWAL_STATUSES, {
  [WithdrawalStatus.applying]: { status: 'Processing' },
  [WithdrawalStatus.confirming]: { status: 'Warning' },
  [WithdrawalStatus.paid]: { status: 'Success' },
  [WithdrawalStatus.refused]: { status: 'Error' },
})

export const ORDER_PAY_STATUS_ENUM = valueEnum(ORDER_PAY_STATUSES, {
  [OrderPayStatus.unpaid]: { status: 'Warning' },
  [OrderPayStatus.paying]: { status: 'Processing' },
  [OrderPayStatus.paid]: { status: 'Success' },
  [OrderPayStatus.failed]: { status: 'Error' },
})

export const PARTNER_STATUS_ENUM = valueEnum(PARTNER_STATUSES, {
  [PartnerStatus.incomplete]: { status: 'Default' },
  [PartnerStatus.pending]: { status: 'Warning' },
  [PartnerStatus.active]: { status: 'Success' },
  [PartnerStatus.rejected]: { status: 'Error' },
  [PartnerStatus.disabled]: { status: 'Default' },
})

export const ACTIVITY_STATUS_ENUM = valueEnum(ACTIVITY_STATUSES, {
  [ActivityStatus.published]: { status: 'Success' },
  [ActivityStatus.unpublished]: { status: 'Warning' },
})

export const ACTIVITY_STATE_ENUM = valueEnum(ACTIVITY_STATES, {
  [ActivityState.notStarted]: { status: 'Processing' },
  [ActivityState.ongoing]: { status: 'Success' },
  [ActivityState.ended]: { status: 'Default' },
})

export const ACTIVITY_TYPE_ENUM = valueEnum(ACTIVITY_TYPES)

export const LEDGER_TYPE_ENUM = valueEnum(LEDGER_TYPES, {
  [LedgerType.commission]: { color: 'green' },
  [LedgerType.withdrawal]: { color: 'blue' },
  [LedgerType.refund]: { color: 'orange' },
  [LedgerType.adjustment]: { color: 'purple' },
  [LedgerType.referralBonus]: { color: 'cyan' },
  [LedgerType.clawback]: { color: 'red' },
  [LedgerType.debtRepayment]: { color: 'volcano' },
})

const BUILTIN_POSITION_COLOURS: Record<string, string> = {
  [AdminRole.admin]: 'red',
  [AdminRole.finance]: 'gold',
  [AdminRole.enrollTeacher]: 'blue',
}

/** An operator's position (岗位) as a tag: the built-in ones in their colours, the office's own in purple. */
export function PositionTag({ name }: { name: string }) {
  return <Tag color={BUILTIN_POSITION_COLOURS[name] ?? 'purple'}>{name}</Tag>
}

export const STUDENT_STATUS_ENUM = valueEnum(STUDENT_STATUSES, {
  [StudentStatus.studying]: { status: 'Success' },
  [StudentStatus.suspended]: { status: 'Warning' },
  [StudentStatus.withdrawn]: { status: 'Error' },
  [StudentStatus.graduated]: { status: 'Default' },
})

export const EDUCATION_TYPE_ENUM = valueEnum(EDUCATION_TYPES)

export const STUDENT_LEVEL_ENUM = valueEnum(STUDENT_LEVELS)

export const ROLL_REQUEST_STATUS_ENUM = valueEnum(ROLL_REQUEST_STATUSES, {
  [RollRequestStatus.pending]: { status: 'Warning' },
  [RollRequestStatus.approved]: { status: 'Success' },
  [RollRequestStatus.refused]: { status: 'Error' },
})

export const NOTICE_STATUS_ENUM = valueEnum(NOTICE_STATUSES, {
  [NoticeStatus.draft]: { status: 'Default' },
  [NoticeStatus.published]: { status: 'Success' },
  [NoticeStatus.withdrawn]: { status: 'Warning' },
})

export const PRODUCT_STATUS_ENUM = valueEnum(PRODUCT_STATUSES, {
  [ProductStatus.listed]: { status: 'Success' },
  [ProductStatus.unlisted]: { status: 'Default' },
})

export const PRODUCT_TYPE_ENUM = valueEnum(PRODUCT_TYPES, {
  [ProductType.textbook]: { color: 'blue' },
  [ProductType.liveCourse]: { color: 'volcano' },
  [ProductType.offlineCourse]: { color: 'cyan' },
})

export const SECTION_KIND_ENUM = valueEnum(SECTION_KINDS, {
  [SectionKind.video]: { color: 'blue' },
  [SectionKind.document]: { color: 'green' },
  [SectionKind.live]: { color: 'volcano' },
})

export const ENROLMENT_SOURCE_ENUM = valueEnum(ENROLMENT_SOURCES, {
  [EnrolmentSource.paid]: { color: 'gold' },
  [EnrolmentSource.granted]: { color: 'purple' },
  [EnrolmentSource.free]: { color: 'cyan' },
})

export const LIVE_STATUS_ENUM = valueEnum(LIVE_STATUSES, {
  [LiveStatus.notStarted]: { status: 'Processing' },
  [LiveStatus.live]: { status: 'Success' },
  [LiveStatus.ended]: { status: 'Default' },
})

export const REPLY_STATUS_ENUM = valueEnum(REPLY_STATUSES, {
  [ReplyStatus.pending]: { status: 'Warning' },
  [ReplyStatus.replied]: { status: 'Success' },
})

export const QUESTION_TYPE_ENUM = valueEnum(QUESTION_TYPES, {
  [QuestionType.single]: { color: 'blue' },
  [QuestionType.multiple]: { color: 'geekblue' },
  [QuestionType.judge]: { color: 'cyan' },
  [QuestionType.fill]: { color: 'purple' },
  [QuestionType.short]: { color: 'volcano' },
})

export const DIFFICULTY_ENUM = valueEnum(DIFFICULTIES, {
  [Difficulty.simple]: { color: 'green' },
  [Difficulty.general]: { color: 'gold' },
  [Difficulty.hard]: { color: 'red' },
})

export const PAPER_USE_ENUM = valueEnum(PAPER_USES, {
  [PaperUse.mock]: { color: 'cyan' },
  [PaperUse.exam]: { color: 'volcano' },
})

export const PAPER_KIND_ENUM = valueEnum(PAPER_KINDS, {
  [PaperKind.fixed]: { color: 'blue' },
  [PaperKind.random]: { color: 'purple' },
})

export const PAPER_STATUS_ENUM = valueEnum(PAPER_STATUSES, {
  [PaperStatus.draft]: { status: 'Default' },
  [PaperStatus.published]: { status: 'Success' },
  [PaperStatus.closed]: { status: 'Warning' },
})

export const ATTEMPT_STATUS_ENUM = valueEnum(ATTEMPT_STATUSES, {
  [AttemptStatus.open]: { status: 'Processing' },
  [AttemptStatus.marking]: { status: 'Warning' },
  [AttemptStatus.done]: { status: 'Success' },
  [AttemptStatus.abandoned]: { status: 'Default' },
})

/** A face-to-face session's phase (课表). */
export const SESSION_PHASE_ENUM = valueEnum(SESSION_PHASES, {
  [SessionPhase.cancelled]: { status: 'Error' },
  [SessionPhase.upcoming]: { status: 'Default' },
  [SessionPhase.checkIn]: { status: 'Processing' },
  [SessionPhase.running]: { status: 'Warning' },
  [SessionPhase.ended]: { status: 'Success' },
})

/** antd Tag's colour for a badge status. */
const TAG_COLOR: Record<BadgeStatus, string> = {
  Success: 'success',
  Error: 'error',
  Processing: 'processing',
  Warning: 'warning',
  Default: 'default',
}

/** A value of an enumeration as a tag, from its valueEnum (page headers, descriptions, a role in a row). */
export function EnumTag<K extends string>({ valueEnum: items, value }: { valueEnum: ValueEnum<K>; value: K }) {
  const item: EnumItem | undefined = items[value]
  return <Tag color={item?.color ?? TAG_COLOR[item?.status ?? 'Default']}>{item?.text ?? value}</Tag>
}

/**
 * A ProTable column's enum: the filter's options and the cell's tag come from the same valueEnum
 * (`{ title: '状态', dataIndex: 'status', ...enumColumn(CLUE_STATUS_ENUM) }`).
 */
export function enumColumn<K extends string>(items: ValueEnum<K>) {
  return {
    valueEnum: items,
    render: (_dom: ReactNode, row: object, _index: number, _action: unknown, column: { dataIndex?: unknown }) => (
      <EnumTag valueEnum={items} value={(row as Record<string, K>)[String(column.dataIndex)] as K} />
    ),
  }
}
