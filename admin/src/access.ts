/**
 * What an operator may do, by role: the one place the console turns a role into permissions (as
 * ant-design-pro's access.ts). Screens ask `useAccess()` (session/access.tsx) for a permission;
 * none compares a role itself. Which screens a role may open is data in routes.tsx (each entry's
 * `roles`), checked by `mayOpen` here. The back-office checks every call again: this decides what
 * is shown, not what is allowed.
 */
import { AdminRole } from '@activity/wire'

const { admin, finance, enrollTeacher } = AdminRole

/** Each permission and the roles that have it. */
export const PERMISSIONS = {
  /** 审核 a partner (approve, reject, disable, enable). */
  canReviewPartners: [admin],
  /** Export the partner list. */
  canExportPartners: [admin],
  /** Create, change, disable, reset and delete operators. */
  canManageOperators: [admin],
  /** Give a clue to a teacher, or put it back in the pool. */
  canAssignClues: [admin],
  /** Take a pool clue as one's own (管理员 assigns instead). */
  canTakeClues: [enrollTeacher],
  /** Cancel any clue's deal (a 招生老师 only those assigned to them). */
  canCancelAnyDeal: [admin],
  /** See every clue and filter by teacher (a 招生老师 sees their own and the pool). */
  seesAllClues: [admin],
  /** Work clues: a partner's clues, the overdue contacts on the dashboard. */
  canWorkClues: [admin, enrollTeacher],
  /** A partner's money: the ledger and withdrawals tabs. */
  seesPartnerMoney: [admin, finance],
  /** Pay, transfer and refuse withdrawals, one by one or as a batch. */
  canPayWithdrawals: [admin, finance],
  /** 余额调整 on the ledger. */
  canAdjustLedger: [admin, finance],
  /** Register, edit, import students and change a roll's status (财务 reads the register only). */
  canEditStudents: [admin, enrollTeacher],
  /** Approve or refuse a student's correction request. */
  canReviewRollRequests: [admin, enrollTeacher],
  /** Turn a deal clue into a student (转为学员). */
  canConvertClues: [admin, enrollTeacher],
  /** Write, publish, take down and delete notices to students. */
  canManageNotices: [admin],
  /**
   * 课程: categories, courses and their content, live sessions, grants to students (开通 and its
   * revoke). Every role reads the courses and the study reports.
   */
  canManageCourses: [admin],
  /** 答疑: answer students' questions and close them (财务 reads the queue). */
  canAnswerQuestions: [admin, enrollTeacher],
  /**
   * 考试: the question bank (and its import), papers (their questions or rules, publishing) and
   * the attempts (阅卷, 收卷, 重置考试). Every role reads them and exports the scores.
   */
  canManageExams: [admin],
  /** 夜校: night classes (create, edit, delete, new QR code), cancel sign-ups, mark attendance (财务 reads). */
  canManageNight: [admin, enrollTeacher],
  /**
   * 积分: ways, levels, 人工调整, reviewing applications, goods and exchange orders (ship, cancel).
   * Every role reads them.
   */
  canManagePoints: [admin],
  /** 缴费: fee standards, raising and cancelling fee orders, refunds, receipts (void, reissue), coupons. Every role reads. */
  canManageFees: [admin, finance],
  /** 设置: the office's settings (commission until tuition paid, the receipt's payee and seal). */
  canManageSettings: [admin],
  /** 部门: add, rename, remove departments and put operators in them (every role reads the list). RIGHT: departments.edit */
  canManageDepartments: [admin],
  /** 招生目标: set a month's targets per teacher and department. RIGHT: targets.edit */
  canEditTargets: [admin],
  /** The targets dashboard's every row (a 招生老师 sees their own and their department's). RIGHT: targets.view */
  seesAllTargets: [admin],
} as const satisfies Record<string, readonly AdminRole[]>

export type Permission = keyof typeof PERMISSIONS
export type Access = Record<Permission, boolean>

/** The permissions of a role (none when nobody is signed in or the role is unknown). */
export function accessFor(role: string | undefined): Access {
  const access = {} as Access
  for (const [permission, roles] of Object.entries(PERMISSIONS) as Array<[Permission, readonly string[]]>) {
    access[permission] = role !== undefined && roles.includes(role)
  }
  return access
}

/** Whether a role may open a screen given the roles routes.tsx lists for it; 管理员 may open every one. */
export function mayOpen(route: { roles: readonly AdminRole[] }, role: string | undefined): boolean {
  return role === admin || (role !== undefined && (route.roles as readonly string[]).includes(role))
}
