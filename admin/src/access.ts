/**
 * What an operator may do, from the rights their position (岗位) grants: the one place the console
 * turns rights into permissions (as ant-design-pro's access.ts). Screens ask `useAccess()`
 * (session/access.tsx) for a permission; none reads a right or a position itself. Which screens an
 * operator may open is data in routes.tsx (each entry's `right`), checked by `mayOpen` here. The
 * back-office checks every call again with the same rights: this decides what is shown, not what
 * is allowed.
 */
import type { Right } from '@activity/domain'

/** Each permission and the rights that give it (any one of them), or a rule over the rights. */
export const PERMISSIONS = {
  /** 审核 a partner (approve, reject, disable, enable). */
  canReviewPartners: ['partners.review'],
  /** Export the partner list. */
  canExportPartners: ['partners.export'],
  /** Create, change, disable and reset operators. */
  canManageOperators: ['operators.edit'],
  /** Delete operators. */
  canDeleteOperators: ['operators.delete'],
  /** Create positions and tick their rights. */
  canManagePositions: ['positions.edit'],
  /** Give a clue to a teacher, or put it back in the pool. */
  canAssignClues: ['clues.assign'],
  /** Take a pool clue as one's own (whoever assigns does not take). */
  canTakeClues: (has: (r: Right) => boolean) => has('clues.work') && !has('clues.assign'),
  /** Cancel any clue's deal (otherwise only those assigned to them). */
  canCancelAnyDeal: ['clues.viewAll'],
  /** See every clue and filter by teacher (otherwise their own and the pool). */
  seesAllClues: ['clues.viewAll'],
  /** Work clues: a partner's clues, the overdue contacts on the dashboard. */
  canWorkClues: ['clues.work'],
  /** Export the clue list. */
  canExportClues: ['clues.export'],
  /** A partner's money: the ledger and withdrawals tabs. */
  seesPartnerMoney: ['ledger.view', 'withdrawals.view'],
  /** Pay, transfer and refuse withdrawals, one by one or as a batch. */
  canPayWithdrawals: ['withdrawals.pay'],
  /** Export withdrawals. */
  canExportWithdrawals: ['withdrawals.export'],
  /** 余额调整 on the ledger. */
  canAdjustLedger: ['ledger.adjust'],
  /** Register, edit, import students and change a roll's status. */
  canEditStudents: ['students.edit'],
  /** Export the student register. */
  canExportStudents: ['students.export'],
  /** Approve or refuse a student's correction request. */
  canReviewRollRequests: ['rollRequests.approve'],
  /** 班级: add, change (head teacher included), remove classes; place students in them (分班) and take them out. */
  canEditClasses: ['classes.edit'],
  /** 课表: 排课 (one-off or weekly), change and cancel sessions, import the timetable; roll call of any session. */
  canPlanSessions: ['attendance.edit'],
  /** Export a class's attendance grid (考勤表). */
  canExportAttendance: ['attendance.export'],
  /** 审批: every request (全部审批), not only those the operator approves or is copied on. */
  seesAllApprovals: ['approvals.view'],
  /** 审批流程: change each kind's steps, copies and limits. */
  canEditApprovalFlows: ['approvals.flows'],
  /** 撤销 an approved request (its effects undone). */
  canRevokeApprovals: ['approvals.revoke'],
  /** Export the requests. */
  canExportApprovals: ['approvals.export'],
  /** 毕业照片: open a batch's photo collection (开启采集) and change its deadline, specification and naming. */
  canEditGraduation: ['graduation.edit'],
  /** 毕业照片: download a collection's approved photos (named by 身份证号: with 明文导出 too). */
  canExportGraduation: ['graduation.export'],
  /** 毕业论文: every student of a batch (otherwise an advisor's own). */
  seesAllThesis: ['thesis.view'],
  /** 毕业论文: offer topics (as their advisor); decide, review and score one's own students; 答辩评分 on one's panels. */
  canAdviseThesis: ['thesis.advise'],
  /** 毕业论文: batches and their windows, defence sessions and who sits them, extensions. */
  canEditThesis: ['thesis.edit'],
  /** 毕业论文: publish a batch's scores and roll a published one back. */
  canPublishThesis: ['thesis.publish'],
  /** Turn a deal clue into a student (转为学员). */
  canConvertClues: (has: (r: Right) => boolean) => has('clues.work') && has('students.edit'),
  /** Write, publish, take down and delete notices to students. */
  canManageNotices: ['notices.edit'],
  /** 课程: categories, courses and their content, live sessions, grants to students (开通 and its revoke). */
  canManageCourses: ['courses.edit'],
  /** 答疑: answer students' questions and close them. */
  canAnswerQuestions: ['studentQuestions.answer'],
  /** 考试: the question bank (and its import), papers and the attempts (阅卷, 收卷, 重置考试). */
  canManageExams: ['exams.edit'],
  /** 夜校: night classes (create, edit, delete, new QR code), cancel sign-ups, mark attendance. */
  canManageNight: ['night.edit'],
  /** 积分: ways, levels, 人工调整, reviewing applications, goods and exchange orders (ship, cancel). */
  canManagePoints: ['points.edit'],
  /** 教材: mailings (新建, 编辑, 发布, 删除 a draft), waybills (by hand or imported), address corrections, parcels' problems (处理, 重新订阅, the sandbox's pushes). */
  canEditTextbooks: ['textbooks.edit'],
  /** 教材: export a mailing's list for the warehouse. */
  canExportTextbooks: ['textbooks.export'],
  /** A parcel's tracks (物流) where another screen shows a parcel (兑换订单). */
  seesParcels: ['textbooks.view'],
  /** Pick a class (a mailing's target): who may read the classes. */
  seesClasses: ['classes.view', 'classes.edit'],
  /** 缴费: fee standards, raising and cancelling fee orders, receipts (void, reissue), coupons. */
  canManageFees: ['fees.edit'],
  /** Refund a fee order. */
  canRefundFees: ['fees.refund'],
  /** Export fee orders. */
  canExportFees: ['fees.export'],
  /** Create an order for a partner. */
  canCreateOrders: ['orders.create'],
  /** 活动: create, edit, publish activities. */
  canManageActivities: ['activities.edit'],
  /** 志愿数据: import and delete the volunteer data. */
  canManageVolunteer: ['volunteer.edit'],
  /** 档位 and the referral bonus. */
  canManageTiers: ['tiers.edit'],
  /** 海报. */
  canManagePosters: ['posters.edit'],
  /** 内容. */
  canManageContents: ['contents.edit'],
  /** APP 版本. */
  canManageAppVersions: ['appVersions.edit'],
  /** 设置: the office's settings (commission until tuition paid, the receipt's payee and seal). */
  canManageSettings: ['settings.edit'],
  /** See every operator's sign-in records (otherwise one's own). */
  seesAllSignIns: ['signInRecords.view'],
  /** Phones in full on screen (otherwise masked, with an audited 查看). */
  canRevealPhones: ['data.reveal'],
  /** Export with phones and ID numbers in full (after step-up). */
  canExportUnmasked: ['data.unmaskedExport'],
  /** 部门: add, rename, remove departments and put operators in them (every operator reads the list). */
  canManageDepartments: ['departments.edit'],
  /** 招生目标: set a month's targets per teacher and department. */
  canEditTargets: ['targets.edit'],
  /** The targets dashboard's every row (otherwise one's own and one's department's). */
  seesAllTargets: ['targets.view'],
  /** Export the targets dashboard. */
  canExportTargets: ['targets.export'],
} as const satisfies Record<string, readonly Right[] | ((has: (r: Right) => boolean) => boolean)>

export type Permission = keyof typeof PERMISSIONS
export type Access = Record<Permission, boolean>

/** The permissions the rights give (none when nobody is signed in). */
export function accessFor(rights: readonly string[] | undefined): Access {
  const held = new Set(rights ?? [])
  const has = (r: Right) => held.has(r)
  const access = {} as Access
  for (const [permission, rule] of Object.entries(PERMISSIONS) as Array<[Permission, (typeof PERMISSIONS)[Permission]]>) {
    access[permission] = typeof rule === 'function' ? rule(has) : (rule as readonly Right[]).some(has)
  }
  return access
}

/** Whether the rights open a screen: routes.tsx lists the right it needs (any one of a list). */
export function mayOpen(route: { right: Right | readonly Right[] }, rights: readonly string[] | undefined): boolean {
  if (!rights) return false
  const needed: readonly Right[] = typeof route.right === 'string' ? [route.right] : route.right
  return needed.some((r) => rights.includes(r))
}
