/**
 * What an operator may see and do in the console: a right is `<screen>.<action>` (岗位 = a named
 * set of rights). The back-office checks a right on every call; the console reads the same names
 * for its menu and buttons. Adding a screen or an action here is all it takes to offer it on the
 * 岗位 screen; the built-in 管理员 always holds every right.
 */

/** Each screen the rights are ticked on, with its actions (label shown on the 岗位 screen). */
export const RIGHT_SCREENS = {
  dashboard: { name: '工作台', actions: { view: '查看' } },
  partners: { name: '合伙人', actions: { view: '查看', review: '审核', export: '导出' } },
  clues: {
    name: '线索',
    actions: { view: '查看', viewAll: '查看全部线索', work: '跟进与成交', assign: '分配', export: '导出' },
  },
  students: { name: '学员', actions: { view: '查看', viewAll: '查看全部学员', edit: '登记与编辑', export: '导出' } },
  classes: { name: '班级', actions: { view: '查看', edit: '编辑与分班' } },
  approvals: { name: '审批', actions: { view: '查看全部审批', flows: '流程设置', revoke: '撤销', export: '导出' } },
  rollRequests: { name: '学籍变更申请', actions: { view: '查看', approve: '审批' } },
  graduation: { name: '毕业', actions: { view: '查看', edit: '编辑', approve: '审核', export: '导出' } },
  thesis: { name: '论文', actions: { view: '查看全部', advise: '指导与评分', edit: '批次、答辩与延期', publish: '发布与回退成绩' } },
  attendance: { name: '课表与考勤', actions: { view: '查看全部', edit: '排课与点名', export: '导出' } },
  courses: { name: '课程', actions: { view: '查看', edit: '编辑' } },
  studentQuestions: { name: '答疑', actions: { view: '查看', answer: '回答' } },
  exams: { name: '考试', actions: { view: '查看', edit: '编辑与阅卷' } },
  night: { name: '夜校', actions: { view: '查看', edit: '编辑' } },
  points: { name: '积分', actions: { view: '查看', edit: '编辑与审核' } },
  textbooks: { name: '教材', actions: { view: '查看', edit: '邮寄、运单与异常', export: '导出' } },
  fees: { name: '缴费', actions: { view: '查看', edit: '编辑', refund: '退款', export: '导出' } },
  orders: { name: '订单', actions: { view: '查看', create: '新建' } },
  withdrawals: { name: '提现', actions: { view: '查看', pay: '打款与驳回', export: '导出' } },
  ledger: { name: '资金流水', actions: { view: '查看', adjust: '余额调整', export: '导出' } },
  activities: { name: '活动', actions: { view: '查看', edit: '编辑' } },
  volunteer: { name: '志愿数据', actions: { view: '查看', edit: '编辑' } },
  tiers: { name: '档位', actions: { view: '查看', edit: '编辑' } },
  posters: { name: '海报', actions: { view: '查看', edit: '编辑' } },
  contents: { name: '内容', actions: { view: '查看', edit: '编辑' } },
  notices: { name: '通知公告', actions: { view: '查看', edit: '编辑' } },
  appVersions: { name: 'APP 版本', actions: { view: '查看', edit: '编辑' } },
  operators: { name: '操作员', actions: { view: '查看', edit: '新增与编辑', delete: '删除' } },
  positions: { name: '岗位', actions: { view: '查看', edit: '编辑与授权' } },
  audit: { name: '操作日志', actions: { view: '查看' } },
  signInRecords: { name: '登录记录', actions: { view: '查看全部' } },
  targets: { name: '招生目标', actions: { view: '查看全部', edit: '设置目标', export: '导出' } },
  departments: { name: '部门', actions: { view: '查看', edit: '编辑' } },
  settings: { name: '设置', actions: { view: '查看', edit: '编辑' } },
  data: { name: '数据权限', actions: { reveal: '查看完整手机号', unmaskedExport: '明文导出' } },
} as const satisfies Record<string, { name: string; actions: Record<string, string> }>

type Screens = typeof RIGHT_SCREENS
export type RightScreen = keyof Screens
/** A right: `'withdrawals.pay'`, `'clues.viewAll'`… */
export type Right = { [S in RightScreen]: `${S}.${Extract<keyof Screens[S]['actions'], string>}` }[RightScreen]

/** Every right, in the catalogue's order. */
export const ALL_RIGHTS: readonly Right[] = Object.entries(RIGHT_SCREENS).flatMap(([screen, { actions }]) =>
  Object.keys(actions).map((action) => `${screen}.${action}` as Right),
)

const KNOWN = new Set<string>(ALL_RIGHTS)
export const isRight = (value: string): value is Right => KNOWN.has(value)

/** The label of a right for people: `提现 · 打款与驳回`. */
export function rightLabel(right: Right): string {
  const [screen, action] = right.split('.') as [RightScreen, string]
  const entry = RIGHT_SCREENS[screen]
  return `${entry.name} · ${(entry.actions as Record<string, string>)[action]}`
}

/** The built-in positions (today's three roles), by name; 管理员 holds every right, always. */
export const BUILTIN_POSITION = { admin: '管理员', finance: '财务', enrollTeacher: '招生老师' } as const

/** The rights the built-in 财务 and 招生老师 start with (the 岗位 screen may change them later). */
export const BUILTIN_RIGHTS = {
  finance: [
    'dashboard.view',
    'students.view',
    'students.export',
    'rollRequests.view',
    'courses.view',
    'studentQuestions.view',
    'exams.view',
    'night.view',
    'points.view',
    'fees.view',
    'fees.edit',
    'fees.refund',
    'fees.export',
    'orders.view',
    'orders.create',
    'withdrawals.view',
    'withdrawals.pay',
    'withdrawals.export',
    'ledger.view',
    'ledger.adjust',
    'ledger.export',
    'data.reveal',
    'data.unmaskedExport',
    // Added with classes (migration 0024 appends it to every position that saw the students).
    'students.viewAll',
  ],
  enrollTeacher: [
    'dashboard.view',
    'clues.view',
    'clues.work',
    'clues.export',
    'students.view',
    'students.edit',
    'students.export',
    'rollRequests.view',
    'rollRequests.approve',
    'courses.view',
    'studentQuestions.view',
    'studentQuestions.answer',
    'exams.view',
    'night.view',
    'night.edit',
    'points.view',
    'fees.view',
    'activities.view',
    'activities.edit',
    'volunteer.view',
    'volunteer.edit',
    'targets.export',
    'departments.view',
    'data.reveal',
    // Added with classes (migration 0024 appends it to every position that saw the students).
    'students.viewAll',
  ],
} as const satisfies Record<'finance' | 'enrollTeacher', readonly Right[]>

/** The rights a position grants: every right for the built-in 管理员, its own list (known rights only) otherwise. */
export function rightsOfPosition(position: { name: string; builtin: boolean; rights: readonly string[] }): Right[] {
  if (position.builtin && position.name === BUILTIN_POSITION.admin) return [...ALL_RIGHTS]
  return position.rights.filter(isRight)
}
