import type { ApiBody, ApiData, ApiItem, ApiQuery, WithText } from '@activity/api-types'
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

// Every payload and answer below is the back-office's own (@activity/api-types, generated from its
// OpenAPI document by `npm run api:types`): a schema change shows up here as a type error.

/** `code`: the SMS code (sendVerify type 注册); `password` 8-32 letters and digits; `referrerCode` the referring partner's share code. */
export type PartnerRegisterPayload = ApiBody<'/api/ems/partner/client/register', 'post'>

/** Sign in with phone and password, or phone and SMS code (sendVerify type 登录). */
export type PartnerSignInPayload = { phone: string; password: string } | { phone: string; code: string }

/** A sign-in answers the session user; only one with an id counts (SPEC.md section 5). */
export type PartnerSignInResult = Partial<ApiData<'/api/ems/partner/client/signIn', 'post'>> | null

export type ChangePasswordPayload = ApiBody<'/api/ems/partner/client/changePassword', 'put'>

/** `code`: the SMS code (sendVerify type 找回密码). */
export type ResetPasswordPayload = ApiBody<'/api/ems/partner/partner/resetPassword', 'put'>

/** `idCard` checksum-validated and answered masked; `payoutName` the account holder's name. */
export type PersonalInfoPayload = ApiBody<'/api/ems/partner/client/savePersonal', 'put'>

/** `discipline` a "parent-child" value of the category tree; `intakeYear` '2015'..'2030'; `batch` '1期'..'20期'. */
export type SignUpPayload = WithText<ApiBody<'/api/ems/partner/client/saveSignUp', 'put'>, 'discipline' | 'intakeYear' | 'batch'>

/** The signed-in partner's profile (`client/signInfo`, and the answer of the two saves): phone, ID card and payout account masked. */
export type PartnerProfile = ApiData<'/api/ems/partner/client/signInfo', 'get'>

/** What is still missing before the partner can be reviewed or paid. */
export type MissingInfo = PartnerProfile['missing']

/** `cursor`: load-more, the previous page's `nextCursor` (keyset paging; `page` is then ignored). */
export type ClueQuery = ApiQuery<'/api/ems/partner/clue/list', 'get'>

/** One of the partner's clues, phone masked; money in fen; `cancelReason`/`cancelledAt` once 已退费. */
export type Clue = ApiData<'/api/ems/partner/clue/details', 'get'>

/** A clue and its progress (线索详情): recorded, taken, follow-ups (oldest first), then deal or invalid. */
export type ClueProgress = ApiData<'/api/ems/partner/clue/progress', 'get'>

/** One step of a clue's progress as its partner sees it; fields not of its type are null. */
export type ClueProgressStep = ClueProgress['steps'][number]

export type NewClue = WithText<ApiBody<'/api/ems/partner/clue', 'post'>, 'intention'>

/** The public activity form: a prospect's details for the partner of `ref`. */
export type ActivityCluePayload = WithText<ApiBody<'/api/ems/partner/clue/saveForActivity', 'post'>, 'intention'>

/** A tier: the deals in the cycle needed to reach it and its commission per deal (fen). */
export type Level = ApiItem<'/api/ems/partner/config/level/listSimple', 'get'>

/** The partner's home: wallet (fen), this cycle's tier and deals, new clues. */
export type PartnerHome = ApiData<'/api/ems/partner/partner/home', 'get'>

/** This cycle's tier (本周期档位); the cycle is a calendar month in Asia/Shanghai, `to` exclusive. */
export type PartnerPosition = ApiData<'/api/ems/partner/partner/position', 'get'>

/** Closed deals per time type (成交单量). */
export type DealCounts = ApiData<'/api/ems/partner/partner/dealCount', 'get'>

export type Deal = ApiItem<'/api/ems/partner/partner/dealList', 'get'>

export type DealListQuery = ApiQuery<'/api/ems/partner/partner/dealList', 'get'>

/** A partner who registered with my share code (我的团队): name and phone masked. */
export type TeamMember = ApiItem<'/api/ems/partner/partner/team', 'get'>

/** 排行榜: a cycle's top 50 by deals and my own place (rank null: no deal in the cycle yet). */
export type Ranking = ApiData<'/api/ems/partner/partner/ranking', 'get'>

export type LedgerQuery = ApiQuery<'/api/ems/partner/withdrawalRecord/ledger', 'get'>

/** One fund record (资金记录): + commission and refund, - withdrawal, +/- adjustment; signed fen. */
export type LedgerEntry = ApiItem<'/api/ems/partner/withdrawalRecord/ledger', 'get'>

/** `amount` fen, at least 1000 (¥10.00); the same `idempotencyKey` again answers the same record (no second payout). */
export type WithdrawalApplyPayload = ApiBody<'/api/ems/partner/withdrawalRecord/apply', 'post'>

export type WithdrawalQuery = ApiQuery<'/api/ems/partner/withdrawalRecord/list', 'get'>

/** A withdrawal, payout account masked; `confirm` (待确认收款) what requestMerchantTransfer takes in the mini-program. */
export type Withdrawal = ApiItem<'/api/ems/partner/withdrawalRecord/list', 'get'>

/** The parameters of wx.requestMerchantTransfer, exactly as the server gives them (package = the bill's package_info). */
export type WithdrawalConfirm = NonNullable<Withdrawal['confirm']>

/** The poster backgrounds, the partner's share code and name, and the link a prospect opens. */
export type SharePoster = ApiData<'/api/ems/partner/partner/sharePoster', 'get'>

/** The partner's WeChat mini-program code (小程序码) for the poster: `url` on the back-office, `scene` `r=<code>[&a=<activity id>]`. */
export type MiniProgramCode = ApiData<'/api/ems/partner/partner/miniProgramCode', 'get'>

/** One of the partner's messages (消息通知): `targetType`/`targetId` what tapping opens (null: nothing). */
export type PartnerMessage = ApiItem<'/api/ems/partner/message/list', 'get'>

/** The WeChat subscribe-message templates configured on the server (none: ask for nothing). */
export type SubscribeTemplates = ApiData<'/api/ems/partner/message/subscribeTemplates', 'get'>

// The operator's side of clues (招生老师, 管理员), as the staff pages (pages/staff) call it with the
// operator session: phones come whole only to a position holding 查看完整手机号, masked otherwise.

/** The console's clue filters: `mine=1` the operator's own, `overdue=1` open clues past their next contact. */
export type StaffClueQuery = ApiQuery<'/api/ems/partner/clue/listForAdmin', 'get'>

/** A clue as an operator sees it: `nextContactAt` the next contact planned, `assigneeId` null in the pool. */
export type StaffClue = ApiItem<'/api/ems/partner/clue/listForAdmin', 'get'>

/** A clue with its follow-ups and timeline (newest first): what detailsForAdmin and followUp answer. */
export type StaffClueDetail = ApiData<'/api/ems/partner/clue/detailsForAdmin', 'get'>

/** One entry of a clue's timeline: 登记, a follow-up, an action (跟进, 成交, 分配…). */
export type StaffClueEvent = StaffClueDetail['timeline'][number]

/** 添加跟进: method (电话/微信/面谈), note, optional next contact (yyyy-MM-dd HH:mm:ss, Beijing; in the future). */
export type FollowUpPayload = ApiBody<'/api/ems/partner/clue/followUp', 'post'>

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
    base: {
      list: call<ClueQuery, ApiData<'/api/ems/partner/clue/list', 'get'>>(),
      save: call<NewClue, Clue>(),
      details: call<ApiQuery<'/api/ems/partner/clue/details', 'get'>, Clue>(),
    },
    actions: {
      saveForActivity: call<ActivityCluePayload, ApiData<'/api/ems/partner/clue/saveForActivity', 'post'>>(),
      progress: call<ApiQuery<'/api/ems/partner/clue/progress', 'get'>, ClueProgress>('GET'),
      listForAdmin: call<StaffClueQuery, ApiData<'/api/ems/partner/clue/listForAdmin', 'get'>>(),
      detailsForAdmin: call<ApiQuery<'/api/ems/partner/clue/detailsForAdmin', 'get'>, StaffClueDetail>(),
      /** A follow-up: 待跟进 becomes 跟进中; the clue keeps its latest next contact. */
      followUp: call<FollowUpPayload, StaffClueDetail>('POST'),
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
      dealList: call<DealListQuery, ApiData<'/api/ems/partner/partner/dealList', 'get'>>('GET'),
      team: call<ApiQuery<'/api/ems/partner/partner/team', 'get'>, ApiData<'/api/ems/partner/partner/team', 'get'>>('GET'),
      ranking: call<ApiQuery<'/api/ems/partner/partner/ranking', 'get'>, Ranking>('GET'),
      sharePoster: call<NoPayload, SharePoster>('GET'),
      miniProgramCode: call<ApiQuery<'/api/ems/partner/partner/miniProgramCode', 'get'>, MiniProgramCode>('GET'),
      // The 招生老师's own poster (staff session: call with asStaff).
      sharePosterForEnroll: call<NoPayload, SharePoster>('GET'),
      miniProgramCodeForEnroll: call<ApiQuery<'/api/ems/partner/partner/miniProgramCodeForEnroll', 'get'>, MiniProgramCode>('GET'),
      audit: true,
    },
  },
  level: { path: 'config/level', base: { listSimple: call<NoPayload, Level[]>() } },
  withdrawalRecord: {
    base: { list: call<WithdrawalQuery, ApiData<'/api/ems/partner/withdrawalRecord/list', 'get'>>() },
    actions: {
      ledger: call<LedgerQuery, ApiData<'/api/ems/partner/withdrawalRecord/ledger', 'get'>>('GET'),
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
      list: call<ApiQuery<'/api/ems/partner/message/list', 'get'>, ApiData<'/api/ems/partner/message/list', 'get'>>('GET'),
      unreadCount: call<NoPayload, ApiData<'/api/ems/partner/message/unreadCount', 'get'>>('GET'),
      read: call<ApiBody<'/api/ems/partner/message/read', 'post'>, ApiData<'/api/ems/partner/message/read', 'post'>>('POST'),
      readAll: call<NoPayload, ApiData<'/api/ems/partner/message/readAll', 'post'>>('POST'),
      subscribeTemplates: call<NoPayload, SubscribeTemplates>('GET'),
      /** `templateIds` comma-separated (the form body's spelling of the list). */
      subscribe: call<{ templateIds: string }, ApiData<'/api/ems/partner/message/subscribe', 'post'>>('POST'),
    },
  },
})
