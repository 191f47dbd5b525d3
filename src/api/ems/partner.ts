import type {
  ClueStatus,
  ClueStep,
  RankingCycle,
  ContactMethod,
  ClueSource,
  Gender,
  CursorPage,
  MessageKind,
  MessageTarget,
  SubscribeTemplate,
  LedgerType,
  Page,
  PartnerStatus,
  PayoutAccountType,
  TimeType,
  WithdrawalStatus,
} from '@activity/wire'
import type { SessionUser } from '../ums/user'
import { call, defineFamily, type NoPayload } from '../define'

/**
 * /api/ems/partner: the partner (referral agent) programme (SPEC.md section 7, PRODUCT.md "The
 * partner's loop"). Money is integer fen; times are ISO text.
 */

export interface PageQuery {
  /** 1-based. @default 1 */
  page?: number
  /** @default 20, at most 100 */
  size?: number
}

export interface PartnerRegisterPayload {
  phone: string
  /** The SMS code (sendVerify type 注册). */
  code: string
  /** 8-32 characters, letters and digits. */
  password: string
  /** The referring partner's share code, optional. */
  referrerCode?: string
}

/** Sign in with phone and password, or phone and SMS code (sendVerify type 登录). */
export type PartnerSignInPayload = { phone: string; password: string } | { phone: string; code: string }

/** A sign-in answers the session user; only one with an id counts (SPEC.md section 5). */
export type PartnerSignInResult = Partial<SessionUser> | null

export interface ChangePasswordPayload {
  oldPassword: string
  /** The new password: 8-32 characters, letters and digits. */
  password: string
}

export interface ResetPasswordPayload {
  phone: string
  /** The SMS code (sendVerify type 找回密码). */
  code: string
  password: string
}

export interface PersonalInfoPayload {
  realName: string
  gender: Gender
  /** Checksum-validated; returned masked. */
  idCard?: string
  province: string
  city: string
  wechatId?: string
  payoutType: PayoutAccountType
  payoutAccount?: string
  /** The account holder's name. */
  payoutName: string
}

export interface SignUpPayload {
  school: string
  major: string
  /** A "parent-child" value of the category tree. */
  discipline: string
  /** '2015'..'2030' */
  intakeYear: string
  /** '1期'..'20期' */
  batch: string
}

/** What is still missing before the partner can be reviewed or paid. */
export interface MissingInfo {
  personal: boolean
  signUp: boolean
  payoutAccount: boolean
}

type Nullable<T> = { [K in keyof T]: T[K] | null }

/** The signed-in partner's profile (`client/signInfo`, and the answer of the two saves). */
export interface PartnerProfile {
  id: number
  /** The share code (the `ref` of the partner's links). */
  code: string
  /** Masked: 138****1234. */
  phone: string
  status: PartnerStatus
  /** Why the sign-up was rejected, when it was. */
  rejectReason: string | null
  nickname: string | null
  avatar: string | null
  /** ID card and payout account masked. */
  personal: Nullable<Required<PersonalInfoPayload>>
  signUp: Nullable<SignUpPayload>
  missing: MissingInfo
  shareLink: string
  createdAt: string
}

export interface ClueQuery extends PageQuery {
  status?: ClueStatus
  timeType?: TimeType
  /** Load-more: the previous page's `nextCursor` (keyset paging; `page` is then ignored). */
  cursor?: string
}

/** One of the partner's clues, phone masked. */
export interface Clue {
  id: number
  name: string
  phone: string
  contactMethod: ContactMethod | null
  /** The intended programme, a "parent-child" category value. */
  intention: string | null
  remark: string | null
  source: ClueSource
  activityId: string | null
  status: ClueStatus
  /** Set once a deal is recorded. */
  programme: string | null
  /** Fen. */
  amount: number | null
  commission: number | null
  levelName: string | null
  invalidReason: string | null
  /** 已退费: why the deal was cancelled (its commission was clawed back). */
  cancelReason: string | null
  cancelledAt: string | null
  createdAt: string
  followedAt: string | null
  dealAt: string | null
}

/** One step of a clue's progress as its partner sees it (线索详情); fields not of its type are null. */
export interface ClueProgressStep {
  type: ClueStep
  at: string
  /** 已登记: how the clue came in, and the activity it was left on. */
  source: ClueSource | null
  activityTitle: string | null
  /** 跟进: 电话/微信/面谈 (the teacher's note stays in the office). */
  method: string | null
  /** 已成交: the programme, the commission (fen), the tier it was priced at, withdrawable from. */
  programme: string | null
  commission: number | null
  levelName: string | null
  frozenUntil: string | null
  /** 无效: why. */
  reason: string | null
}

export interface ClueProgress {
  clue: Clue
  /** In the order they happen: recorded, taken, follow-ups (oldest first), then deal or invalid. */
  steps: ClueProgressStep[]
}

export interface NewClue {
  name: string
  phone: string
  contactMethod?: ContactMethod
  /** A "parent-child" category value. */
  intention?: string
  remark?: string
}

/** The public activity form: a prospect's details for the partner of `ref`. */
export interface ActivityCluePayload {
  name: string
  phone: string
  ref: string
  activityId?: string
  intention?: string
  remark?: string
}

export interface Level {
  id: number
  name: string
  /** Deals in the cycle needed to reach it. */
  minDeals: number
  /** Fen. */
  commissionPerDeal: number
}

export interface PartnerHome {
  /** Fen. */
  balance: number
  frozen: number
  withdrawable: number
  /** This cycle's tier. */
  tier: Level | null
  dealsThisCycle: number
  nextTier: Level | null
  dealsToNext: number | null
  /** Clues still 待跟进. */
  newClues: number
  status: PartnerStatus
  missing: MissingInfo
}

/** This cycle's tier (本周期档位). */
export interface PartnerPosition {
  levels: Level[]
  tier: Level | null
  dealsThisCycle: number
  nextTier: Level | null
  dealsToNext: number | null
  /** A calendar month in Asia/Shanghai time; `to` is exclusive. */
  cycle: { from: string; to: string }
}

/** Closed deals per time type (成交单量). */
export type DealCounts = Array<{ timeType: TimeType; count: number }>

export interface Deal {
  id: number
  name: string
  /** Masked. */
  phone: string
  programme: string | null
  /** Fen. */
  amount: number | null
  commission: number | null
  levelName: string | null
  dealAt: string | null
}

export interface DealListQuery extends PageQuery {
  timeType?: TimeType
}

/** A partner who registered with my share code (我的团队). */
export interface TeamMember {
  id: number
  /** Masked: 陈**; null until they fill in their name. */
  name: string | null
  /** Masked: 138****1234. */
  phone: string
  /** The review status. */
  status: PartnerStatus
  joinedAt: string
  dealsThisCycle: number
}

/** 排行榜: a cycle's top 50 by deals and my own place. */
export interface Ranking {
  cycle: { type: RankingCycle; from: string; to: string }
  list: Array<{ rank: number; name: string; deals: number; mine: boolean }>
  /** rank null: no deal in the cycle yet. */
  me: { rank: number | null; deals: number }
}

export interface LedgerQuery extends PageQuery {
  timeType?: TimeType
  type?: LedgerType
}

/** One fund record (资金记录): + commission and refund, - withdrawal, +/- adjustment. */
export interface LedgerEntry {
  id: number
  type: LedgerType
  /** Signed fen. */
  amount: number
  balanceAfter: number
  /** Commissions: withdrawable from this time. */
  frozenUntil: string | null
  frozen: boolean
  note: string | null
  createdAt: string
}

export interface WithdrawalApplyPayload {
  /** Fen, at least 1000 (¥10.00). */
  amount: number
  /** 8-64 characters; sending the same key again answers the same record (no second payout). */
  idempotencyKey?: string
}

export interface WithdrawalQuery extends PageQuery {
  status?: WithdrawalStatus
}

export interface Withdrawal {
  id: number
  /** Fen. */
  amount: number
  status: WithdrawalStatus
  payoutType: PayoutAccountType
  /** Masked for partners. */
  payoutAccount: string
  payoutName: string
  transactionNo: string | null
  refuseReason: string | null
  /** Why the last WeChat transfer failed or expired (the withdrawal is back with finance). */
  transferFailReason: string | null
  /** 待确认收款: what requestMerchantTransfer takes in the WeChat mini-program. */
  confirm: WithdrawalConfirm | null
  createdAt: string
  handledAt: string | null
}

/** The parameters of wx.requestMerchantTransfer, exactly as the server gives them (package = the bill's package_info). */
export interface WithdrawalConfirm {
  mchId: string
  appId: string
  package: string
}

export interface SharePoster {
  /** Poster backgrounds the operator uploaded. */
  backgrounds: Array<{ id: number; name: string; url: string; sort: number }>
  /** The partner's share code. */
  code: string
  name: string
  /** The link a prospect opens: the activity page with this partner's `ref`. */
  link: string
}

/** The partner's WeChat mini-program code (小程序码) for the poster: opens the jump page with `scene`. */
export interface MiniProgramCode {
  /** The image on the back-office (`/uploads/wxacode/<name>.png`). */
  url: string
  page: string
  /** `r=<code>[&a=<activity id>]` (pages/jump/target.ts reads it). */
  scene: string
}

/** One of the partner's messages (消息通知). */
export interface PartnerMessage {
  id: number
  kind: MessageKind
  title: string
  body: string
  /** What tapping opens, with its id (a clue, a withdrawal, a ledger entry); null opens nothing. */
  targetType: MessageTarget | null
  targetId: number | null
  read: boolean
  readAt: string | null
  createdAt: string
}

/** The WeChat subscribe-message templates configured on the server (none: ask for nothing). */
export interface SubscribeTemplates {
  templates: Array<{ template: SubscribeTemplate; templateId: string }>
}

export const partner = defineFamily('/api/ems/partner', {
  client: {
    base: false,
    actions: {
      register: call<PartnerRegisterPayload, PartnerSignInResult>('POST'),
      signIn: call<PartnerSignInPayload, PartnerSignInResult>('POST'),
      signOut: call<NoPayload, null>('DELETE'),
      changePassword: call<ChangePasswordPayload, null>('PUT'),
      signInfo: call<NoPayload, PartnerProfile>('GET'),
      savePersonal: call<PersonalInfoPayload, PartnerProfile>('PUT'),
      saveSignUp: call<SignUpPayload, PartnerProfile>('PUT'),
    },
  },
  clue: {
    base: { list: call<ClueQuery, CursorPage<Clue>>(), save: call<NewClue, Clue>(), details: call<{ id: number }, Clue>() },
    actions: {
      saveForActivity: call<ActivityCluePayload, { id: number }>(),
      progress: call<{ id: number }, ClueProgress>('GET'),
      listForAdmin: true,
      follow: 'PUT',
      deal: 'PUT',
      invalid: 'PUT',
    },
  },
  partner: {
    actions: {
      resetPassword: call<ResetPasswordPayload, null>('PUT'),
      home: call<NoPayload, PartnerHome>('GET'),
      position: call<NoPayload, PartnerPosition>('GET'),
      dealCount: call<NoPayload, DealCounts>('GET'),
      dealList: call<DealListQuery, Page<Deal>>('GET'),
      team: call<PageQuery, Page<TeamMember>>('GET'),
      ranking: call<{ cycle?: RankingCycle }, Ranking>('GET'),
      sharePoster: call<NoPayload, SharePoster>('GET'),
      miniProgramCode: call<{ activityId?: number }, MiniProgramCode>('GET'),
      audit: true,
    },
  },
  level: { path: 'config/level', base: { listSimple: call<NoPayload, Level[]>() } },
  withdrawalRecord: {
    base: { list: call<WithdrawalQuery, Page<Withdrawal>>() },
    actions: {
      ledger: call<LedgerQuery, Page<LedgerEntry>>('GET'),
      apply: call<WithdrawalApplyPayload, Withdrawal>(),
      listForAdmin: true,
      adjust: 'POST',
      finishPay: 'PUT',
      refuse: 'PUT',
    },
  },
  backgroundImage: {},
  message: {
    base: false,
    actions: {
      /** `offset` instead of the page's start: see the message page (rows read meanwhile moved down). */
      list: call<PageQuery & { offset?: number }, Page<PartnerMessage>>('GET'),
      unreadCount: call<NoPayload, { count: number }>('GET'),
      read: call<{ id: number }, PartnerMessage>('POST'),
      readAll: call<NoPayload, { count: number }>('POST'),
      subscribeTemplates: call<NoPayload, SubscribeTemplates>('GET'),
      subscribe: call<{ templateIds: string }, { subscriptions: Array<{ template: SubscribeTemplate; remaining: number }> }>('POST'),
    },
  },
})
