/**
 * Enumerations of SPEC.md section 3 and PRODUCT.md. The wire carries the Chinese label (the
 * back-office convention visible in SPEC: 是, 登录, 公众号); the English key is for code.
 * Each enumeration is a const object, its value type, and the ordered list of values.
 */
import { values } from './values'

export const YesNo = { yes: '是', no: '否' } as const
export type YesNo = (typeof YesNo)[keyof typeof YesNo]

export const TimeType = {
  today: '今天',
  thisWeek: '本周',
  thisMonth: '本月',
  yesterday: '昨天',
  lastWeek: '上周',
  lastMonth: '上月',
  thisYear: '今年',
  lastYear: '去年',
} as const
export type TimeType = (typeof TimeType)[keyof typeof TimeType]
export const TIME_TYPES = /*#__PURE__*/ values(TimeType)

export const LiveStatus = { notStarted: '未开始', live: '直播中', ended: '已结束' } as const
export type LiveStatus = (typeof LiveStatus)[keyof typeof LiveStatus]
export const LIVE_STATUSES = /*#__PURE__*/ values(LiveStatus)

export const BannerDeviceType = { computer: '电脑', mobile: '手机' } as const
export type BannerDeviceType = (typeof BannerDeviceType)[keyof typeof BannerDeviceType]
export const BANNER_DEVICE_TYPES = /*#__PURE__*/ values(BannerDeviceType)

export const ReplyStatus = { pending: '待回复', replied: '已回复' } as const
export type ReplyStatus = (typeof ReplyStatus)[keyof typeof ReplyStatus]
export const REPLY_STATUSES = /*#__PURE__*/ values(ReplyStatus)

export const ProductStatus = { listed: '上架', unlisted: '下架' } as const
export type ProductStatus = (typeof ProductStatus)[keyof typeof ProductStatus]
export const PRODUCT_STATUSES = /*#__PURE__*/ values(ProductStatus)

export const ProductType = { textbook: '教材', liveCourse: '直播课', offlineCourse: '线下课' } as const
export type ProductType = (typeof ProductType)[keyof typeof ProductType]
export const PRODUCT_TYPES = /*#__PURE__*/ values(ProductType)

/** In this order (SPEC.md section 3). */
export const PayStatus = { paying: '支付中', paid: '支付成功', failed: '支付失败' } as const
export type PayStatus = (typeof PayStatus)[keyof typeof PayStatus]
export const PAY_STATUSES = /*#__PURE__*/ values(PayStatus)

export const ContactMethod = { phone: '电话', wechat: '微信' } as const
export type ContactMethod = (typeof ContactMethod)[keyof typeof ContactMethod]
export const CONTACT_METHODS = /*#__PURE__*/ values(ContactMethod)

export const EnabledStatus = { enabled: '启用', disabled: '禁用' } as const
export type EnabledStatus = (typeof EnabledStatus)[keyof typeof EnabledStatus]
export const ENABLED_STATUSES = /*#__PURE__*/ values(EnabledStatus)

export const Difficulty = { simple: '简单', general: '一般', hard: '困难' } as const
export type Difficulty = (typeof Difficulty)[keyof typeof Difficulty]
export const DIFFICULTIES = /*#__PURE__*/ values(Difficulty)

/** Intake batch years: the strings 2015 to 2030. */
export const INTAKE_YEARS: string[] = Array.from({ length: 16 }, (_, i) => String(2015 + i))
/** Batch options: 1期 to 20期. */
export const BATCHES: string[] = Array.from({ length: 20 }, (_, i) => `${i + 1}期`)

/** Where the client runs (SPEC.md section 3); detected once by src/platform. */
export const Platform = {
  weappMini: 'weixin-mini',
  alipayMini: 'alipay-mini',
  h5Weixin: 'h5-weixin',
  h5Alipay: 'h5-alipay',
  appAndroid: 'app-android',
  appIos: 'app-ios',
  h5: 'h5',
} as const
export type Platform = (typeof Platform)[keyof typeof Platform]
export const PLATFORMS = /*#__PURE__*/ values(Platform)

/** The outside identity provider a sign-in code comes from. */
export const LoginPlatform = { weixin: 'weixin', alipay: 'alipay' } as const
export type LoginPlatform = (typeof LoginPlatform)[keyof typeof LoginPlatform]
export const LOGIN_PLATFORMS = /*#__PURE__*/ values(LoginPlatform)

/** Which app the code was issued to: 公众号 (official account, H5) or 小程序 (mini-program). */
export const LoginType = { officialAccount: '公众号', miniProgram: '小程序' } as const
export type LoginType = (typeof LoginType)[keyof typeof LoginType]
export const LOGIN_TYPES = /*#__PURE__*/ values(LoginType)

/** What a verification code is for; sendVerify's `type`, default 登录. */
export const VerifyType = {
  login: '登录',
  register: '注册',
  resetPassword: '找回密码',
  bindPhone: '绑定手机',
} as const
export type VerifyType = (typeof VerifyType)[keyof typeof VerifyType]
export const VERIFY_TYPES = /*#__PURE__*/ values(VerifyType)

/** A partner's review status (PRODUCT.md "Partner account"). */
export const PartnerStatus = {
  incomplete: '未提交',
  pending: '待审核',
  active: '已通过',
  rejected: '已拒绝',
  disabled: '已禁用',
} as const
export type PartnerStatus = (typeof PartnerStatus)[keyof typeof PartnerStatus]
export const PARTNER_STATUSES = /*#__PURE__*/ values(PartnerStatus)

export const Gender = { male: '男', female: '女' } as const
export type Gender = (typeof Gender)[keyof typeof Gender]
export const GENDERS = /*#__PURE__*/ values(Gender)

export const PayoutAccountType = { wechat: '微信', alipay: '支付宝', bank: '银行卡' } as const
export type PayoutAccountType = (typeof PayoutAccountType)[keyof typeof PayoutAccountType]
export const PAYOUT_ACCOUNT_TYPES = /*#__PURE__*/ values(PayoutAccountType)

/** Clue status: 待跟进 -> 跟进中 -> 已成交 or 无效; a deal cancelled (the enrolment refunded) becomes 已退费. */
export const ClueStatus = { new: '待跟进', following: '跟进中', deal: '已成交', invalid: '无效', cancelled: '已退费' } as const
export type ClueStatus = (typeof ClueStatus)[keyof typeof ClueStatus]
export const CLUE_STATUSES = /*#__PURE__*/ values(ClueStatus)

/** Where a clue came from: a partner's poster (活动), the partner's own entry, an import, or a 招生老师's own poster (assigned to them, no partner). */
export const ClueSource = { activity: '活动', partner: '合伙人录入', imported: '后台导入', staff: '招生老师推广' } as const
export type ClueSource = (typeof ClueSource)[keyof typeof ClueSource]
export const CLUE_SOURCES = /*#__PURE__*/ values(ClueSource)

/**
 * Withdrawal status: 审核中 -> 已打款 or 已拒绝; paid by WeChat transfer, 审核中 -> 待确认收款 (the
 * partner confirms in the mini-program) -> 已打款 on WeChat's notification, or back to 审核中 when
 * the transfer fails or expires.
 */
export const WithdrawalStatus = { applying: '审核中', confirming: '待确认收款', paid: '已打款', refused: '已拒绝' } as const
export type WithdrawalStatus = (typeof WithdrawalStatus)[keyof typeof WithdrawalStatus]
export const WITHDRAWAL_STATUSES = /*#__PURE__*/ values(WithdrawalStatus)

/**
 * A ledger entry's type; commission, referral bonus and refund are +, withdrawal, claw-back and debt
 * repayment are -, adjustment either. A claw-back (佣金撤回, a cancelled deal's commission or bonus)
 * takes what the balance holds and leaves the rest as the wallet's debt; 欠款抵扣 is a later
 * commission or bonus paying that debt.
 */
export const LedgerType = {
  commission: '佣金',
  withdrawal: '提现',
  refund: '提现退回',
  adjustment: '调整',
  referralBonus: '推荐奖励',
  clawback: '佣金撤回',
  debtRepayment: '欠款抵扣',
} as const
export type LedgerType = (typeof LedgerType)[keyof typeof LedgerType]
export const LEDGER_TYPES = /*#__PURE__*/ values(LedgerType)

/** The referral bonus a referrer earns per deal of a partner they brought in (off by default). */
export const ReferralBonusMode = { off: '关闭', fixed: '固定金额', percent: '佣金比例' } as const
export type ReferralBonusMode = (typeof ReferralBonusMode)[keyof typeof ReferralBonusMode]
export const REFERRAL_BONUS_MODES = /*#__PURE__*/ values(ReferralBonusMode)

/** Operator roles (PRODUCT.md "Actors"). */
export const AdminRole = { admin: '管理员', finance: '财务', enrollTeacher: '招生老师' } as const
export type AdminRole = (typeof AdminRole)[keyof typeof AdminRole]
export const ADMIN_ROLES = /*#__PURE__*/ values(AdminRole)

export const ActivityType = { campaign: '招生活动', notice: '资讯' } as const
export type ActivityType = (typeof ActivityType)[keyof typeof ActivityType]
export const ACTIVITY_TYPES = /*#__PURE__*/ values(ActivityType)

export const AppPlatform = { android: 'android', ios: 'ios' } as const
export type AppPlatform = (typeof AppPlatform)[keyof typeof AppPlatform]
export const APP_PLATFORMS = /*#__PURE__*/ values(AppPlatform)

/** An activity's publication: only 已发布 activities reach the client. */
export const ActivityStatus = { unpublished: '未发布', published: '已发布' } as const
export type ActivityStatus = (typeof ActivityStatus)[keyof typeof ActivityStatus]
export const ACTIVITY_STATUSES = /*#__PURE__*/ values(ActivityStatus)

/** Where now falls in an activity's start-end window (the detail page says "not yet open"/"closed"). */
export const ActivityState = { notStarted: '未开始', ongoing: '进行中', ended: '已结束' } as const
export type ActivityState = (typeof ActivityState)[keyof typeof ActivityState]
export const ACTIVITY_STATES = /*#__PURE__*/ values(ActivityState)

/**
 * An order's pay status: 待支付 before the first attempt, then PayStatus in SPEC's order; 已取消
 * when the office cancels an unpaid order (a payment that still arrives for it is refunded).
 */
export const OrderPayStatus = { unpaid: '待支付', ...PayStatus, cancelled: '已取消' } as const
export type OrderPayStatus = (typeof OrderPayStatus)[keyof typeof OrderPayStatus]
export const ORDER_PAY_STATUSES = /*#__PURE__*/ values(OrderPayStatus)

/** How the client pays: mini-program requestPayment, WeChat JS-SDK chooseWXPay (H5 in WeChat), Alipay tradePay. */
export const PayChannel = { wechatMini: 'wechat-mini', wechatJsapi: 'wechat-jsapi', alipayMini: 'alipay-mini' } as const
export type PayChannel = (typeof PayChannel)[keyof typeof PayChannel]
export const PAY_CHANNELS = /*#__PURE__*/ values(PayChannel)

/**
 * Public configuration keys (GET /api/bms/develop/config/getByKey): host allow-lists the client
 * checks, and the WeChat official account's AppID (none or one: without it WeChat H5 has no OAuth).
 */
export const PublicConfigKey = {
  webAllowedHosts: 'webAllowedHosts',
  oauthRedirectHosts: 'oauthRedirectHosts',
  wechatOfficialAppId: 'wechatOfficialAppId',
} as const
export type PublicConfigKey = (typeof PublicConfigKey)[keyof typeof PublicConfigKey]
export const PUBLIC_CONFIG_KEYS = /*#__PURE__*/ values(PublicConfigKey)

/** How an operator followed up a clue (a follow-up record). */
export const FollowUpMethod = { phone: '电话', wechat: '微信', meeting: '面谈' } as const
export type FollowUpMethod = (typeof FollowUpMethod)[keyof typeof FollowUpMethod]
export const FOLLOW_UP_METHODS = /*#__PURE__*/ values(FollowUpMethod)

/** A step of a clue's progress as its partner sees it (线索详情): no operator, no private note. */
export const ClueStep = {
  recorded: '已登记',
  taken: '已受理',
  followUp: '跟进',
  deal: '已成交',
  cancelled: '已退费',
  invalid: '无效',
} as const
export type ClueStep = (typeof ClueStep)[keyof typeof ClueStep]
export const CLUE_STEPS = /*#__PURE__*/ values(ClueStep)

/** Which commission cycle the ranking (排行榜) shows: this one so far, or the last one's final table. */
export const RankingCycle = { current: '本周期', last: '上周期' } as const
export type RankingCycle = (typeof RankingCycle)[keyof typeof RankingCycle]
export const RANKING_CYCLES = /*#__PURE__*/ values(RankingCycle)

/**
 * What a partner's message (消息通知) reports. Each kind is sent as a WeChat subscribe message of
 * one template (SubscribeTemplate), when the partner accepted that template.
 */
export const MessageKind = {
  reviewPassed: '审核通过',
  reviewRefused: '审核未通过',
  clueFollowed: '线索跟进',
  clueDeal: '线索成交',
  clueInvalid: '线索无效',
  commissionCredited: '佣金入账',
  commissionWithdrawable: '佣金可提现',
  commissionClawedBack: '佣金撤回',
  withdrawalPaid: '提现已打款',
  withdrawalRefused: '提现被拒绝',
  notice: '通知公告',
  liveReminder: '直播提醒',
  questionReplied: '答疑回复',
  examMarked: '成绩公布',
  feeOrder: '缴费通知',
  feeRefunded: '退款通知',
  pointsApplication: '积分申请结果',
  goodShipped: '兑换商品已发货',
  timetableChanged: '课表变更',
  attendanceWarning: '考勤预警',
  textbookMailing: '教材邮寄',
  textbookShipped: '教材已发货',
  parcelSigned: '包裹已签收',
} as const
export type MessageKind = (typeof MessageKind)[keyof typeof MessageKind]
export const MESSAGE_KINDS = /*#__PURE__*/ values(MessageKind)

/** What a message opens when tapped: a clue, a withdrawal, the ledger, the partner's profile, or a student's notice. */
export const MessageTarget = {
  clue: 'clue',
  withdrawal: 'withdrawal',
  ledger: 'ledger',
  profile: 'profile',
  notice: 'notice',
  live: 'live',
  question: 'question',
  attempt: 'attempt',
  feeOrder: 'feeOrder',
  pointsRecord: 'pointsRecord',
  goodOrder: 'goodOrder',
  timetable: 'timetable',
  textbook: 'textbook',
} as const
export type MessageTarget = (typeof MessageTarget)[keyof typeof MessageTarget]
export const MESSAGE_TARGETS = /*#__PURE__*/ values(MessageTarget)

/**
 * WeChat subscribe-message templates (one-time subscriptions): the partner accepts them on a tap
 * (adding a clue, applying for a withdrawal); the server sends only accepted ones. Template ids
 * come from the server's configuration (GET /api/ems/partner/message/subscribeTemplates).
 */
export const SubscribeTemplate = {
  clue: 'clue',
  commission: 'commission',
  withdrawal: 'withdrawal',
  notice: 'notice',
  live: 'live',
  reply: 'reply',
  approval: 'approval',
  parcel: 'parcel',
} as const
export type SubscribeTemplate = (typeof SubscribeTemplate)[keyof typeof SubscribeTemplate]
export const SUBSCRIBE_TEMPLATES = /*#__PURE__*/ values(SubscribeTemplate)
/** The templates the partner's pages ask for (GET /api/ems/partner/message/subscribeTemplates). */
export const PARTNER_SUBSCRIBE_TEMPLATES: readonly SubscribeTemplate[] = [
  SubscribeTemplate.clue,
  SubscribeTemplate.commission,
  SubscribeTemplate.withdrawal,
]
/**
 * The templates the student's pages ask for (通知公告: a new notice addressed to them; 直播提醒: a
 * live class of theirs about to start; 答疑回复: a teacher answered their question; 物流提醒: their
 * textbooks to confirm an address for, shipped, signed for).
 */
export const STUDENT_SUBSCRIBE_TEMPLATES: readonly SubscribeTemplate[] = [
  SubscribeTemplate.notice,
  SubscribeTemplate.live,
  SubscribeTemplate.reply,
  SubscribeTemplate.parcel,
]
/**
 * The templates the staff's pages ask for (审批提醒: a request waiting for them, an overdue one's
 * reminder, a copy; GET /api/zms/approval/subscribeTemplates). Sent to the operator's bound
 * mini-program open id.
 */
export const STAFF_SUBSCRIBE_TEMPLATES: readonly SubscribeTemplate[] = [SubscribeTemplate.approval]

/** The template a kind is sent with (review results are in-app only: no tap precedes them). */
export const MESSAGE_TEMPLATE: Record<MessageKind, SubscribeTemplate | null> = {
  [MessageKind.reviewPassed]: null,
  [MessageKind.reviewRefused]: null,
  [MessageKind.clueFollowed]: SubscribeTemplate.clue,
  [MessageKind.clueDeal]: SubscribeTemplate.clue,
  [MessageKind.clueInvalid]: SubscribeTemplate.clue,
  [MessageKind.commissionCredited]: SubscribeTemplate.commission,
  [MessageKind.commissionWithdrawable]: SubscribeTemplate.commission,
  [MessageKind.commissionClawedBack]: SubscribeTemplate.commission,
  [MessageKind.withdrawalPaid]: SubscribeTemplate.withdrawal,
  [MessageKind.withdrawalRefused]: SubscribeTemplate.withdrawal,
  // Sent to the students who accepted it on the notices page (订阅新通知提醒).
  [MessageKind.notice]: SubscribeTemplate.notice,
  // Sent to the students who accepted it on the live schedule (订阅开课提醒).
  [MessageKind.liveReminder]: SubscribeTemplate.live,
  // Sent to the student who accepted it when asking (订阅回复提醒).
  [MessageKind.questionReplied]: SubscribeTemplate.reply,
  // In-app only: the student's last tap (交卷) was long before the marking.
  [MessageKind.examMarked]: null,
  // In-app only: raised or refunded by the office, reviewed later, shipped later: no tap precedes them.
  [MessageKind.feeOrder]: null,
  [MessageKind.feeRefunded]: null,
  [MessageKind.pointsApplication]: null,
  [MessageKind.goodShipped]: null,
  // The timetable's changes and attendance warnings are in-app only.
  [MessageKind.timetableChanged]: null,
  [MessageKind.attendanceWarning]: null,
  // Sent to the students who accepted it on 我的教材 (订阅物流提醒): a mailing, its shipping, its delivery.
  [MessageKind.textbookMailing]: SubscribeTemplate.parcel,
  [MessageKind.textbookShipped]: SubscribeTemplate.parcel,
  [MessageKind.parcelSigned]: SubscribeTemplate.parcel,
}

/** The kind of education a student's programme belongs to (学籍: 成人高考, 自学考试, 开放教育, 网络教育, 免试学位). */
export const EducationType = {
  adultExam: '成人高考',
  selfTaught: '自学考试',
  openEducation: '开放教育',
  online: '网络教育',
  degreeExemption: '免试学位',
} as const
export type EducationType = (typeof EducationType)[keyof typeof EducationType]
export const EDUCATION_TYPES = /*#__PURE__*/ values(EducationType)

/** The level of a student's major. */
export const StudentLevel = { junior: '专科', bachelor: '本科' } as const
export type StudentLevel = (typeof StudentLevel)[keyof typeof StudentLevel]
export const STUDENT_LEVELS = /*#__PURE__*/ values(StudentLevel)

/** A student's roll status (学籍状态): 在读 -> 休学 (and back), 退学 or 毕业. */
export const StudentStatus = { studying: '在读', suspended: '休学', withdrawn: '退学', graduated: '毕业' } as const
export type StudentStatus = (typeof StudentStatus)[keyof typeof StudentStatus]
export const STUDENT_STATUSES = /*#__PURE__*/ values(StudentStatus)

/** Batch years and batches a roll may have (2015-2030, 1期-20期), as the partner's sign-up info. */
export const BATCH_YEAR_MIN = 2015
export const BATCH_YEAR_MAX = 2030
export const BATCH_MAX = 20

/** The roll fields a student may ask to correct (学籍变更申请), key -> label. */
export const RollField = { name: '姓名', idCard: '身份证号', phone: '手机号' } as const
export type RollField = keyof typeof RollField
export const ROLL_FIELDS = /*#__PURE__*/ Object.keys(RollField) as RollField[]

/** A correction request's status: 待审核 -> 已通过 or 已驳回 (or 已撤回 by the student); 已通过 -> 已撤销 (the old value back). */
export const RollRequestStatus = {
  pending: '待审核',
  approved: '已通过',
  refused: '已驳回',
  withdrawn: '已撤回',
  revoked: '已撤销',
} as const
export type RollRequestStatus = (typeof RollRequestStatus)[keyof typeof RollRequestStatus]
export const ROLL_REQUEST_STATUSES = /*#__PURE__*/ values(RollRequestStatus)

/** A thesis stage (论文阶段): each a file submitted in versions, reviewed by the advisor. */
export const ThesisStage = { proposal: '开题报告', draft: '初稿', final: '定稿', internship: '实习报告' } as const
export type ThesisStage = (typeof ThesisStage)[keyof typeof ThesisStage]
export const THESIS_STAGES = /*#__PURE__*/ values(ThesisStage)

/** A student's topic selection: 待确认 until the advisor accepts (已确认) or refuses (已拒绝, the place freed). */
export const ThesisSelectionStatus = { pending: '待确认', accepted: '已确认', refused: '已拒绝' } as const
export type ThesisSelectionStatus = (typeof ThesisSelectionStatus)[keyof typeof ThesisSelectionStatus]

/** A submitted version's review: 待审阅 -> 通过 / 退回修改 (the student submits the next version). */
export const ThesisFileStatus = { pending: '待审阅', passed: '通过', returned: '退回修改' } as const
export type ThesisFileStatus = (typeof ThesisFileStatus)[keyof typeof ThesisFileStatus]
export const THESIS_FILE_DECISIONS = [ThesisFileStatus.passed, ThesisFileStatus.returned] as const

/** A thesis score: 未评分 until both parts are in (已评分), then 已发布 (locked; changed only through the audited rollback). */
export const ThesisScoreStatus = { none: '未评分', scored: '已评分', published: '已发布' } as const
export type ThesisScoreStatus = (typeof ThesisScoreStatus)[keyof typeof ThesisScoreStatus]

/** Which part of a thesis score is recorded: the advisor's, or the defence panel's. */
export const ThesisScorePart = { advisor: '指导教师评分', defence: '答辩评分' } as const
export type ThesisScorePart = (typeof ThesisScorePart)[keyof typeof ThesisScorePart]
export const THESIS_SCORE_PARTS = /*#__PURE__*/ values(ThesisScorePart)

/** A graduation photo's naming in the batch's ZIP (the form the national registration expects). */
export const PhotoNaming = { idCard: '身份证号', studentNo: '学号' } as const
export type PhotoNaming = (typeof PhotoNaming)[keyof typeof PhotoNaming]
export const PHOTO_NAMINGS = /*#__PURE__*/ values(PhotoNaming)

/** What an approval (审批) is about: each kind has its flow and its business record. */
export const ApprovalKind = {
  leave: '请假',
  rollCorrection: '学籍变更',
  makeUpPunch: '补卡',
  graduationPhoto: '毕业照片',
  graduation: '毕业审核',
} as const
export type ApprovalKind = keyof typeof ApprovalKind
export const APPROVAL_KINDS = /*#__PURE__*/ Object.keys(ApprovalKind) as ApprovalKind[]

/**
 * An approval request's status: 审批中 -> 已通过 / 已驳回 / 已退回 (the applicant edits and submits
 * again) / 已撤回 (by the applicant before anyone acted); 已通过 -> 已撤销 (its effects undone).
 */
export const ApprovalStatus = {
  pending: '审批中',
  approved: '已通过',
  refused: '已驳回',
  returned: '已退回',
  withdrawn: '已撤回',
  revoked: '已撤销',
} as const
export type ApprovalStatus = (typeof ApprovalStatus)[keyof typeof ApprovalStatus]
export const APPROVAL_STATUSES = /*#__PURE__*/ values(ApprovalStatus)

/** One step of a request: 未开始 until the steps before it pass, then 审批中 until decided; 已取消 when the request ends before it. */
export const ApprovalStepStatus = {
  waiting: '未开始',
  pending: '审批中',
  approved: '已通过',
  refused: '已驳回',
  returned: '已退回',
  cancelled: '已取消',
} as const
export type ApprovalStepStatus = (typeof ApprovalStepStatus)[keyof typeof ApprovalStepStatus]

/** What an approver decides on a step. */
export const ApprovalDecision = { approve: '同意', refuse: '驳回', return: '退回' } as const
export type ApprovalDecision = keyof typeof ApprovalDecision
export const APPROVAL_DECISIONS = /*#__PURE__*/ Object.keys(ApprovalDecision) as ApprovalDecision[]

/** Who acts on a step: the applicant's head teacher, the operators of a position, a department's head, or those holding a right. */
export const ApproverType = { headTeacher: '班主任', position: '岗位', departmentHead: '部门负责人', right: '有权限的操作员' } as const
export type ApproverType = keyof typeof ApproverType
export const APPROVER_TYPES = /*#__PURE__*/ Object.keys(ApproverType) as ApproverType[]

/** Whether one approver of a step decides it (或签) or all must agree (会签). */
export const ApprovalMode = { any: '或签', all: '会签' } as const
export type ApprovalMode = keyof typeof ApprovalMode
export const APPROVAL_MODES = /*#__PURE__*/ Object.keys(ApprovalMode) as ApprovalMode[]

/** The kinds of leave (请假类型). */
export const LeaveType = { personal: '事假', sick: '病假', other: '其他' } as const
export type LeaveType = (typeof LeaveType)[keyof typeof LeaveType]
export const LEAVE_TYPES = /*#__PURE__*/ values(LeaveType)

/** The half of a day a leave starts or ends in: leave counts in half-days. */
export const HalfDay = { am: '上午', pm: '下午' } as const
export type HalfDay = (typeof HalfDay)[keyof typeof HalfDay]
export const HALF_DAYS = /*#__PURE__*/ values(HalfDay)

/** A notice's status: 草稿 -> 已发布 -> 已下架 (and published again). */
export const NoticeStatus = { draft: '草稿', published: '已发布', withdrawn: '已下架' } as const
export type NoticeStatus = (typeof NoticeStatus)[keyof typeof NoticeStatus]
export const NOTICE_STATUSES = /*#__PURE__*/ values(NoticeStatus)

/** The profiles a person's account may hold. */
export const Profile = { partner: 'partner', student: 'student' } as const
export type Profile = (typeof Profile)[keyof typeof Profile]
export const PROFILES = /*#__PURE__*/ values(Profile)

/** What a course section holds (节): a video, a document, or a live class. */
export const SectionKind = { video: '视频', document: '文档', live: '直播' } as const
export type SectionKind = (typeof SectionKind)[keyof typeof SectionKind]
export const SECTION_KINDS = /*#__PURE__*/ values(SectionKind)

/** How a student came to a course: bought it, the school granted it, or joined a free one. */
export const EnrolmentSource = { paid: '购买', granted: '学校开通', free: '免费加入' } as const
export type EnrolmentSource = (typeof EnrolmentSource)[keyof typeof EnrolmentSource]
export const ENROLMENT_SOURCES = /*#__PURE__*/ values(EnrolmentSource)

/** The player reports its position this often (seconds) while a video plays; the server credits at most twice this per report. */
export const HEARTBEAT_SECONDS = 10
/** A live class's reminder message goes out this many minutes before it starts. */
export const LIVE_REMIND_BEFORE_MINUTES = 30

/** The office's settings (GET/PUT /api/bms/develop/config/settings), each with its default. */
export const SettingKey = {
  /** boolean, default false: a deal's commission stays frozen until its student's first tuition order is paid. */
  commissionUntilTuitionPaid: 'commission.untilTuitionPaid',
  /** string: the payee printed on receipts. */
  receiptPayee: 'receipt.payee',
  /** string (URL of an uploaded image): the seal stamped on receipts. */
  receiptSeal: 'receipt.seal',
  /** string, default the product's name (PRODUCT_NAME): the school's name the console carries. */
  schoolName: 'school.name',
  /** number, default 15: a face-to-face session opens for check-in this many minutes before its start. */
  attendanceOpensMinutes: 'attendance.opensMinutes',
  /** number, default 10: a scan this many minutes after the start or later is 迟到. */
  attendanceLateMinutes: 'attendance.lateMinutes',
  /** boolean, default false: 请假 counts in the denominator of the attendance statistics (应出勤). */
  attendanceLeaveCounted: 'attendance.leaveCounted',
  /** number, default 30: the absence rate (percent) that warns a student. */
  attendanceWarnPercent: 'attendance.warnPercent',
  /** number, default 3: the sessions held before a rate can warn. */
  attendanceWarnMinSessions: 'attendance.warnMinSessions',
  /** number, default 3: make-up check-ins (补卡) a student may ask for in a month. */
  attendanceMakeUpPerMonth: 'attendance.makeUpPerMonth',
  /** string, default '': holidays the timetable skips, dates (YYYY-MM-DD) separated by commas or lines. */
  attendanceHolidays: 'attendance.holidays',
} as const
export type SettingKey = (typeof SettingKey)[keyof typeof SettingKey]
export const SETTING_KEYS = /*#__PURE__*/ values(SettingKey)

/** How an operator confirms a step-up (二次验证): the value the calls and step_ups.method carry. */
export const StepUpMethod = { password: 'password', sms: 'sms', totp: 'totp' } as const
export type StepUpMethod = (typeof StepUpMethod)[keyof typeof StepUpMethod]
export const STEP_UP_METHODS = /*#__PURE__*/ values(StepUpMethod)
/** Each method as the console names it. */
export const STEP_UP_METHOD_LABEL: Record<StepUpMethod, string> = { password: '密码', sms: '短信验证码', totp: '身份验证器' }
/** Who signed in (登录记录): an operator of the console or a person of the app (key -> label). */
export const SignInKind = { operator: '操作员', app: 'APP' } as const
export type SignInKind = keyof typeof SignInKind
export const SIGN_IN_KINDS = /*#__PURE__*/ Object.keys(SignInKind) as SignInKind[]

/** How they signed in: password, SMS code, a WeChat / Alipay authorisation code; or the old password a password change checks. */
export const SignInMethod = {
  password: '密码',
  sms: '短信验证码',
  wechat: '微信授权',
  alipay: '支付宝授权',
  changePassword: '修改密码',
} as const
export type SignInMethod = keyof typeof SignInMethod
export const SIGN_IN_METHODS = /*#__PURE__*/ Object.keys(SignInMethod) as SignInMethod[]

/** Why a sign-in failed (a failed 登录记录's reason). */
export const SignInReason = {
  wrongPassword: '密码错误',
  unknownAccount: '账号不存在',
  locked: '错误次数过多，已锁定',
  slowedDown: '尝试过于频繁，已限速',
  disabled: '账号已停用',
  notRegistered: '手机号未登记',
  wrongCode: '验证码错误或过期',
  gatewayFailed: '第三方授权失败',
  unbound: '未绑定手机号',
  noProfile: '无可用身份',
  error: '其他错误',
} as const
export type SignInReason = keyof typeof SignInReason
export const SIGN_IN_REASONS = /*#__PURE__*/ Object.keys(SignInReason) as SignInReason[]

/** What a graduation condition is about (毕业审核's checklist; the app links each to its page). */
export const GraduationCheck = {
  roll: '学籍',
  tuition: '学费',
  courses: '课程',
  exams: '考试',
  thesis: '论文',
  photo: '照片',
  manual: '其他',
} as const
export type GraduationCheck = (typeof GraduationCheck)[keyof typeof GraduationCheck]
export const GRADUATION_CHECKS = /*#__PURE__*/ values(GraduationCheck)

/**
 * Where a student of a graduation audit stands: 条件未满足 -> 可提交 (every condition met) -> 审核中
 * (the head teacher, then the education office) -> 已毕业, or 已驳回 (submitted again when met).
 */
export const GraduationState = {
  blocked: '条件未满足',
  ready: '可提交',
  pending: '审核中',
  refused: '已驳回',
  graduated: '已毕业',
} as const
export type GraduationState = (typeof GraduationState)[keyof typeof GraduationState]
export const GRADUATION_STATES = /*#__PURE__*/ values(GraduationState)
