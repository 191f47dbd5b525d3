import { beijingDate, beijingMinute } from '@activity/domain'
import { formatYuan } from '@activity/money'
import type { SQL } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { MESSAGE_TEMPLATE, MessageKind, MessageTarget } from '../../../wire.ts'
import { createMessagesRepository, type MessageRow } from './messages.repository.ts'
import { PushState } from './messages.table.ts'

/** The partner's calendar day (China has one time zone, no daylight saving). */
const day = beijingDate

/** What happened, as the module where it happened knows it; recordMessage words it for the partner. */
export type MessageEvent =
  | { kind: typeof MessageKind.reviewPassed }
  | { kind: typeof MessageKind.reviewRefused; reason: string }
  | { kind: typeof MessageKind.clueFollowed; clueId: number; clueName: string }
  | { kind: typeof MessageKind.clueDeal; clueId: number; clueName: string; programme: string }
  | { kind: typeof MessageKind.clueInvalid; clueId: number; clueName: string; reason: string }
  | {
      kind: typeof MessageKind.commissionCredited
      clueId: number
      clueName: string
      amount: number
      levelName: string
      withdrawableAt: Date
    }
  | { kind: typeof MessageKind.commissionWithdrawable; ledgerEntryId: number; amount: number }
  | {
      kind: typeof MessageKind.commissionClawedBack
      clueId: number
      clueName: string
      amount: number
      reason: string
      /** What the balance could not cover, now owed (fen). */
      debt: number
      /** A referral bonus of the referrer's, not the partner's own commission: their ledger, not the clue, explains it. */
      bonus: boolean
    }
  | { kind: typeof MessageKind.withdrawalPaid; withdrawalId: number; amount: number; payoutType: string }
  | { kind: typeof MessageKind.withdrawalRefused; withdrawalId: number; amount: number; reason: string }

interface Worded {
  title: string
  body: string
  targetType: string | null
  targetId: number | null
  dedupeKey?: string
}

/** The title, text and target of an event's message. */
export function wordMessage(event: MessageEvent): Worded {
  switch (event.kind) {
    case MessageKind.reviewPassed:
      return {
        title: '审核通过',
        body: '您的合伙人资料已审核通过，现在可以分享推广、登记线索了',
        targetType: MessageTarget.profile,
        targetId: null,
      }
    case MessageKind.reviewRefused:
      return {
        title: '审核未通过',
        body: `您的合伙人资料未通过审核：${event.reason}。请修改后重新提交`,
        targetType: MessageTarget.profile,
        targetId: null,
      }
    case MessageKind.clueFollowed:
      return {
        title: '线索跟进',
        body: `您推荐的「${event.clueName}」已有招生老师开始跟进`,
        targetType: MessageTarget.clue,
        targetId: event.clueId,
      }
    case MessageKind.clueDeal:
      return {
        title: '线索成交',
        body: `您推荐的「${event.clueName}」已成交：${event.programme}`,
        targetType: MessageTarget.clue,
        targetId: event.clueId,
      }
    case MessageKind.clueInvalid:
      return {
        title: '线索无效',
        body: `您推荐的「${event.clueName}」被标记为无效：${event.reason}`,
        targetType: MessageTarget.clue,
        targetId: event.clueId,
      }
    case MessageKind.commissionCredited:
      return {
        title: '佣金入账',
        body: `线索「${event.clueName}」成交，${event.levelName}档位佣金${formatYuan(event.amount, { grouping: false })}已入账，${event.withdrawableAt.getUTCFullYear() >= 9999 ? '学员缴纳首笔学费后可提现' : `${day(event.withdrawableAt)}起可提现`}`,
        targetType: MessageTarget.clue,
        targetId: event.clueId,
      }
    case MessageKind.commissionWithdrawable:
      return {
        title: '佣金可提现',
        body: `佣金${formatYuan(event.amount, { grouping: false })}冻结期已满，现在可以提现了`,
        targetType: MessageTarget.ledger,
        targetId: event.ledgerEntryId,
        dedupeKey: `withdrawable:${event.ledgerEntryId}`,
      }
    case MessageKind.commissionClawedBack: {
      const owed = event.debt > 0 ? `，余额不足的${formatYuan(event.debt, { grouping: false })}记为欠款，将从之后的佣金中抵扣` : ''
      return event.bonus
        ? {
            title: '佣金撤回',
            body: `您推荐的合伙人有一单成交已退费（${event.reason}），推荐奖励${formatYuan(event.amount, { grouping: false })}已撤回${owed}`,
            targetType: MessageTarget.ledger,
            targetId: null,
          }
        : {
            title: '佣金撤回',
            body: `线索「${event.clueName}」的成交已退费（${event.reason}），佣金${formatYuan(event.amount, { grouping: false })}已撤回${owed}`,
            targetType: MessageTarget.clue,
            targetId: event.clueId,
          }
    }
    case MessageKind.withdrawalPaid:
      return {
        title: '提现已打款',
        body: `您申请的提现${formatYuan(event.amount, { grouping: false })}已打款至${event.payoutType}账户，请注意查收`,
        targetType: MessageTarget.withdrawal,
        targetId: event.withdrawalId,
      }
    case MessageKind.withdrawalRefused:
      return {
        title: '提现被拒绝',
        body: `您申请的提现${formatYuan(event.amount, { grouping: false })}被拒绝：${event.reason}。金额已退回余额`,
        targetType: MessageTarget.withdrawal,
        targetId: event.withdrawalId,
      }
  }
}

/**
 * Records a message for the partner. Call it with the transaction of the change it reports (`tx`),
 * so the message exists exactly when the change does. Its WeChat subscribe message (when the kind
 * has a template) is sent after the commit by the message pusher (messages.push.ts). Returns
 * undefined when the message was already recorded (a sweep's second try), or when there is no
 * partner to tell (a clue of a 招生老师's own poster).
 */
export async function recordMessage(
  tx: Executor,
  partnerId: number | null,
  event: MessageEvent,
  now: Date = new Date(),
): Promise<MessageRow | undefined> {
  if (partnerId === null) return undefined
  const worded = wordMessage(event)
  return createMessagesRepository({ db: tx }).insert({
    partnerId,
    kind: event.kind,
    ...worded,
    dedupeKey: worded.dedupeKey ?? null,
    pushState: MESSAGE_TEMPLATE[event.kind] ? PushState.pending : PushState.none,
    createdAt: now,
  })
}

/** A call that records one event's messages for `recipients` (a SELECT of (account_id, partner_id)) in `tx`. */
type ForRecipients<Event> = Event & { tx: Executor; recipients: SQL; now?: Date }

/**
 * Writes one message of an event for each of `recipients` (a SELECT of (account_id, partner_id)),
 * in one statement; the dedupe key is `<dedupe>:<account>`, so a second call writes nothing. The
 * message waits for its WeChat subscribe message when its kind has a template. Returns how many
 * messages were written.
 */
function insertForRecipients(
  tx: Executor,
  recipients: SQL,
  now: Date,
  message: { kind: MessageKind; title: string; body: string; targetType: string; targetId: number; dedupe: string },
): Promise<number> {
  const { dedupe, ...values } = message
  return createMessagesRepository({ db: tx }).insertForRecipients({
    recipients,
    values: { ...values, pushState: MESSAGE_TEMPLATE[values.kind] ? PushState.pending : PushState.none, createdAt: now },
    dedupePrefix: dedupe,
  })
}

/**
 * Records a notice's message (通知公告) for each of its recipients in the transaction that
 * publishes it, in one statement. `recipients` is a SELECT of (account_id, partner_id): the
 * student's account and, when that person is a partner too, their partner profile (so the message
 * is in the partner's 消息通知 as well). A recipient who already has this notice's message (it was
 * published before, then taken down) gets no second one. Returns how many messages were written.
 */
export async function recordNoticeMessages({
  tx,
  notice,
  recipients,
  now = new Date(),
}: ForRecipients<{ notice: { id: number; title: string; summary: string } }>): Promise<number> {
  // Notices reach many at once, with no tap of theirs before: no WeChat subscribe message.
  return insertForRecipients(tx, recipients, now, {
    kind: MessageKind.notice,
    title: notice.title,
    body: notice.summary,
    targetType: MessageTarget.notice,
    targetId: notice.id,
    dedupe: `notice:${notice.id}`,
  })
}

/**
 * Records a message of the timetable (课表变更: a session changed or cancelled; 考勤预警: an absence
 * rate passed the threshold) for `recipients`, in the transaction of the change, in one statement
 * (in-app only). It opens the student's 课表 (at `targetId`, a session, when given). The dedupe key
 * (`<dedupe>:<account>`) makes a second call with the same `dedupe` write nothing.
 */
export async function recordTimetableMessages({
  tx,
  message,
  recipients,
  now = new Date(),
}: ForRecipients<{
  message: {
    kind: typeof MessageKind.timetableChanged | typeof MessageKind.attendanceWarning
    title: string
    body: string
    sessionId: number
    dedupe: string
  }
}>): Promise<number> {
  return insertForRecipients(tx, recipients, now, {
    kind: message.kind,
    title: message.title,
    body: message.body,
    targetType: MessageTarget.timetable,
    targetId: message.sessionId,
    dedupe: message.dedupe,
  })
}

const clock = (d: Date) => beijingMinute(d).slice(11)

/**
 * Records a live class's reminder (直播提醒) for every student on its course, in the transaction
 * that claims the reminder, in one statement. `recipients` is a SELECT of (account_id, partner_id)
 * as for a notice. The dedupe key (`live:<class>:<account>`) makes a second call write nothing;
 * each message waits for its WeChat subscribe message (sent to those who accepted the live template).
 */
export async function recordLiveReminders({
  tx,
  live,
  recipients,
  now = new Date(),
}: ForRecipients<{ live: { id: number; title: string; courseTitle: string; startsAt: Date } }>): Promise<number> {
  return insertForRecipients(tx, recipients, now, {
    kind: MessageKind.liveReminder,
    title: '直播提醒',
    body: `「${live.courseTitle}」${live.title} ${day(live.startsAt) === day(now) ? '今天' : day(live.startsAt)} ${clock(live.startsAt)} 开始，请准时进入直播间`,
    targetType: MessageTarget.live,
    targetId: live.id,
    dedupe: `live:${live.id}`,
  })
}

/**
 * Records a paper's 成绩公布 for its student in the transaction that completes the marking (in-app
 * only: no subscribe template). `recipients` is a SELECT of (account_id, partner_id) as for a
 * notice; the dedupe key (`attempt:<id>:<account>`) makes a second call write nothing.
 */
export async function recordExamMarked({
  tx,
  attempt,
  recipients,
  now = new Date(),
}: ForRecipients<{ attempt: { id: number; paperTitle: string; score: number; totalScore: number } }>): Promise<number> {
  return insertForRecipients(tx, recipients, now, {
    kind: MessageKind.examMarked,
    title: '成绩公布',
    body: `「${attempt.paperTitle}」已阅卷，您的成绩为${attempt.score}分（满分${attempt.totalScore}分）`,
    targetType: MessageTarget.attempt,
    targetId: attempt.id,
    dedupe: `attempt:${attempt.id}`,
  })
}

/**
 * Records a teacher's reply to a student's question (答疑回复) for its student, in the transaction
 * that writes the reply, in one statement. `recipients` is a SELECT of (account_id, partner_id)
 * as for a notice (the student's account, and their partner profile when they are one too). The
 * dedupe key names the reply's post, so each reply is one message; it waits for its WeChat
 * subscribe message (sent when the student accepted the reply template).
 */
export async function recordQuestionReply({
  tx,
  question,
  postId,
  recipients,
  now = new Date(),
}: ForRecipients<{ question: { id: number; title: string }; postId: number }>): Promise<number> {
  return insertForRecipients(tx, recipients, now, {
    kind: MessageKind.questionReplied,
    title: '答疑回复',
    body: `老师回复了您的提问「${question.title}」`,
    targetType: MessageTarget.question,
    targetId: question.id,
    dedupe: `question:${question.id}:${postId}`,
  })
}

/**
 * Records a fee message (缴费通知 when an order is raised, 退款通知 when a refund is done) for its
 * student, in the transaction that makes the change (in-app only). `recipients` is a SELECT of
 * (account_id, partner_id) as for a notice; `dedupe` names the event, so a repeat writes nothing.
 */
export async function recordFeeMessage({
  tx,
  kind,
  orderId,
  body,
  dedupe,
  recipients,
  now = new Date(),
}: ForRecipients<{
  kind: typeof MessageKind.feeOrder | typeof MessageKind.feeRefunded
  orderId: number
  body: string
  dedupe: string
}>): Promise<number> {
  return insertForRecipients(tx, recipients, now, {
    kind,
    title: kind,
    body,
    targetType: MessageTarget.feeOrder,
    targetId: orderId,
    dedupe,
  })
}

/** What the partner sees of a message. */
export function toPartnerMessage(m: MessageRow) {
  return {
    id: m.id,
    kind: m.kind,
    title: m.title,
    body: m.body,
    targetType: m.targetType,
    targetId: m.targetId,
    read: m.readAt !== null,
    readAt: m.readAt?.toISOString() ?? null,
    createdAt: m.createdAt.toISOString(),
  }
}

// ---- points and the shop (issue 25, slice P): in-app only ----

/** The result of a points application (积分申请结果) for its student, in the review's transaction. */
export async function recordPointsApplicationResult({
  tx,
  application,
  recipients,
  now = new Date(),
}: ForRecipients<{
  application: { id: number; wayName: string; approved: boolean; points: number | null; note: string | null }
}>): Promise<number> {
  const a = application
  return insertForRecipients(tx, recipients, now, {
    kind: MessageKind.pointsApplication,
    title: '积分申请结果',
    body: a.approved
      ? `您的「${a.wayName}」积分申请已通过，获得${a.points ?? 0}积分`
      : `您的「${a.wayName}」积分申请未通过${a.note ? `：${a.note}` : ''}`,
    targetType: MessageTarget.pointsRecord,
    targetId: a.id,
    dedupe: `pointsApplication:${a.id}`,
  })
}

/** A shipped exchange (兑换商品已发货) for its student, in the shipping transaction. */
export async function recordGoodShipped({
  tx,
  order,
  recipients,
  now = new Date(),
}: ForRecipients<{ order: { id: number; goodName: string; expressCompany: string; expressNo: string } }>): Promise<number> {
  const o = order
  return insertForRecipients(tx, recipients, now, {
    kind: MessageKind.goodShipped,
    title: '兑换商品已发货',
    body: `您兑换的「${o.goodName}」已发货：${o.expressCompany} ${o.expressNo}`,
    targetType: MessageTarget.goodOrder,
    targetId: o.id,
    dedupe: `goodShipped:${o.id}`,
  })
}

/**
 * Records a mailing's message (教材邮寄: confirm the delivery address by the deadline) for each of
 * its students, in the transaction that publishes it, in one statement. It opens 我的教材.
 */
export async function recordTextbookMailing({
  tx,
  mailing,
  recipients,
  now = new Date(),
}: ForRecipients<{ mailing: { id: number; title: string; deadline: string } }>): Promise<number> {
  return insertForRecipients(tx, recipients, now, {
    kind: MessageKind.textbookMailing,
    title: '教材邮寄',
    body: `「${mailing.title}」将邮寄给您，请在${mailing.deadline}前确认收货地址`,
    targetType: MessageTarget.textbook,
    targetId: mailing.id,
    dedupe: `textbookMailing:${mailing.id}`,
  })
}

/** Records a textbook record's shipping message (教材已发货), once per record, in the transaction that enters its waybill. */
export async function recordTextbookShipped({
  tx,
  record,
  recipients,
  now = new Date(),
}: ForRecipients<{ record: { id: number; title: string; carrierName: string; waybillNo: string } }>): Promise<number> {
  return insertForRecipients(tx, recipients, now, {
    kind: MessageKind.textbookShipped,
    title: '教材已发货',
    body: `您的「${record.title}」已发货：${record.carrierName} ${record.waybillNo}`,
    targetType: MessageTarget.textbook,
    targetId: record.id,
    dedupe: `textbookShipped:${record.id}`,
  })
}

/** Records a parcel's delivery message (包裹已签收), once per parcel, in the transaction that applies the carrier's 签收. */
export async function recordParcelSigned({
  tx,
  parcel,
  recipients,
  now = new Date(),
}: ForRecipients<{
  parcel: { id: number; title: string; carrierName: string; waybillNo: string; target: { type: MessageTarget; id: number } }
}>): Promise<number> {
  return insertForRecipients(tx, recipients, now, {
    kind: MessageKind.parcelSigned,
    title: '包裹已签收',
    body: `您的「${parcel.title}」已签收（${parcel.carrierName} ${parcel.waybillNo}），收到后请确认收货`,
    targetType: parcel.target.type,
    targetId: parcel.target.id,
    dedupe: `parcelSigned:${parcel.id}`,
  })
}

/** A person's messages (partner events and student notices alike). */
export async function listMessages({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createMessagesRepository>['list']>[0]) {
  return createMessagesRepository({ db }).list(query)
}

/** How many of a person's messages are unread. */
export async function unreadMessageCount({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createMessagesRepository>['unreadCount']>[0]) {
  return createMessagesRepository({ db }).unreadCount(query)
}

/** Marks one of a person's messages read (undefined: not theirs). */
export async function markMessageRead({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createMessagesRepository>['markRead']>[0]) {
  return createMessagesRepository({ db }).markRead(query)
}

/** Marks every one of a person's messages read. */
export async function markAllMessagesRead({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createMessagesRepository>['markAllRead']>[0]) {
  return createMessagesRepository({ db }).markAllRead(query)
}

/** Counts one acceptance of each template (up to the cap). */
export async function addSubscriptions({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createMessagesRepository>['addSubscriptions']>[0]) {
  return createMessagesRepository({ db }).addSubscriptions(query)
}

/** The acceptances a person has left, per template. */
export async function subscriptionsOf({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createMessagesRepository>['subscriptions']>[0]) {
  return createMessagesRepository({ db }).subscriptions(query)
}
