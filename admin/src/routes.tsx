/**
 * The console's screens, declared once: the menu, the router and the access checks all read this.
 * An entry's `screen` imports its file under `src/pages/` (`src/pages/partners/PartnerList.tsx`,
 * default export), loaded when first opened; a screen whose file is missing is a typecheck and
 * build error, never a route left out.
 *
 * To add a screen: write the file, then add an entry here with the right that opens it (a right of
 * packages/domain rights.ts; the server refuses the rest anyway). The rights are data here;
 * access.ts' mayOpen reads them, beside the permissions screens ask for (useAccess).
 */
import {
  AccountBookOutlined,
  BarChartOutlined,
  BookOutlined,
  DashboardOutlined,
  GiftOutlined,
  IdcardOutlined,
  ReadOutlined,
  SettingOutlined,
  SolutionOutlined,
  TrophyOutlined,
} from '@ant-design/icons'
import { ALL_RIGHTS, type Right } from '@activity/domain'
import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode } from 'react'
import type { ScreenPreload } from './screen-preload'

export interface ConsoleRoute {
  /** The address under /admin (react-router syntax: `/partners/:id`). */
  path: string
  /** Menu label and page title. */
  name: string
  icon?: ReactNode
  /** The right that opens it (any one of a list; packages/domain rights.ts). */
  right: Right | readonly Right[]
  /**
   * Imports the screen's file under src/pages (default export) when first opened; a missing file
   * fails typecheck and build. The file may export `preload`: its first GETs, sent when the console
   * is opened at its address, beside the session's check (App.tsx, api/client.ts preload).
   */
  screen: () => Promise<{ default: ComponentType; preload?: ScreenPreload }>
  /** A screen reached from another one (a detail), not from the menu. */
  hideInMenu?: boolean
  /** The menu group it sits under (MENU_GROUPS); without one, on the menu's first level (工作台). */
  group?: MenuGroup
}

/**
 * The side menu's groups, the way a school's office divides its work, in the menu's order; a group
 * shows only with an entry the operator may open. Each entry's `group` puts it in one.
 */
export const MENU_GROUPS = {
  enrolment: { name: '招生', icon: <SolutionOutlined /> },
  academic: { name: '教务', icon: <IdcardOutlined /> },
  teaching: { name: '教学', icon: <ReadOutlined /> },
  textbooks: { name: '教材', icon: <BookOutlined /> },
  graduation: { name: '毕业', icon: <TrophyOutlined /> },
  finance: { name: '财务', icon: <AccountBookOutlined /> },
  points: { name: '积分', icon: <GiftOutlined /> },
  statistics: { name: '统计', icon: <BarChartOutlined /> },
  system: { name: '系统', icon: <SettingOutlined /> },
} as const satisfies Record<string, { name: string; icon: ReactNode }>
export type MenuGroup = keyof typeof MENU_GROUPS

/** What every operator may open whatever their position: their own account. */
const ANY_OPERATOR: readonly Right[] = ALL_RIGHTS

/** 毕业论文 opens for the office (查看全部, 批次, 发布) and for the advisors (their own students). */
const THESIS_READERS: readonly Right[] = ['thesis.view', 'thesis.advise', 'thesis.edit', 'thesis.publish']

export const ROUTES: readonly ConsoleRoute[] = [
  {
    path: '/dashboard',
    name: '工作台',
    icon: <DashboardOutlined />,
    right: 'dashboard.view',
    screen: () => import('./pages/dashboard/Dashboard'),
  },
  // 招生
  {
    path: '/partners',
    name: '合伙人',
    right: 'partners.view',
    screen: () => import('./pages/partners/PartnerList'),
    group: 'enrolment',
  },
  {
    path: '/partners/:id',
    name: '合伙人详情',
    right: ['partners.view', 'clues.work', 'withdrawals.view', 'ledger.view'],
    screen: () => import('./pages/partners/PartnerDetail'),
    hideInMenu: true,
  },
  { path: '/clues', name: '线索', right: 'clues.view', screen: () => import('./pages/clues/ClueList'), group: 'enrolment' },
  { path: '/clues/:id', name: '线索详情', right: 'clues.view', screen: () => import('./pages/clues/ClueDetail'), hideInMenu: true },
  {
    path: '/activities',
    name: '活动',
    right: 'activities.view',
    screen: () => import('./pages/activities/ActivityList'),
    group: 'enrolment',
  },
  {
    path: '/activities/new',
    name: '新建活动',
    right: 'activities.edit',
    screen: () => import('./pages/activities/ActivityEdit'),
    hideInMenu: true,
  },
  {
    path: '/activities/:id',
    name: '活动详情',
    right: 'activities.view',
    screen: () => import('./pages/activities/ActivityDetail'),
    hideInMenu: true,
  },
  {
    path: '/activities/:id/edit',
    name: '编辑活动',
    right: 'activities.edit',
    screen: () => import('./pages/activities/ActivityEdit'),
    hideInMenu: true,
  },
  { path: '/posters', name: '海报', right: 'posters.view', screen: () => import('./pages/posters/PosterList'), group: 'enrolment' },
  { path: '/tiers', name: '档位', right: 'tiers.view', screen: () => import('./pages/tiers/TierList'), group: 'enrolment' },
  {
    path: '/volunteer',
    name: '志愿数据',
    right: 'volunteer.view',
    screen: () => import('./pages/volunteer/VolunteerData'),
    group: 'enrolment',
  },
  {
    path: '/volunteer/:tab',
    name: '志愿数据',
    right: 'volunteer.view',
    screen: () => import('./pages/volunteer/VolunteerData'),
    hideInMenu: true,
  },
  // 教务
  {
    path: '/students',
    name: '学员',
    right: 'students.view',
    screen: () => import('./pages/students/StudentList'),
    group: 'academic',
  },
  {
    path: '/students/:id',
    name: '学员详情',
    right: 'students.view',
    screen: () => import('./pages/students/StudentDetail'),
    hideInMenu: true,
  },
  {
    path: '/students/:id/study',
    name: '学习报告',
    right: ['courses.view', 'students.view'],
    screen: () => import('./pages/courses/StudentStudy'),
    hideInMenu: true,
  },
  {
    path: '/classes',
    name: '班级',
    right: ['classes.view', 'classes.edit'],
    screen: () => import('./pages/classes/ClassList'),
    group: 'academic',
  },
  {
    path: '/classes/:id',
    name: '班级详情',
    right: ['classes.view', 'classes.edit'],
    screen: () => import('./pages/classes/ClassDetail'),
    hideInMenu: true,
  },
  // 课表 for who keeps it or sees it all (a teacher's own sessions are on the app); 考勤 for who sees it all
  {
    path: '/timetable',
    name: '课表',
    right: ['attendance.view', 'attendance.edit'],
    screen: () => import('./pages/attendance/Timetable'),
    group: 'academic',
  },
  { path: '/attendance', name: '考勤', right: 'attendance.view', screen: () => import('./pages/attendance/Attendance'), group: 'academic' },
  {
    path: '/attendance/:tab',
    name: '考勤',
    right: 'attendance.view',
    screen: () => import('./pages/attendance/Attendance'),
    hideInMenu: true,
  },
  {
    path: '/roll-requests',
    name: '学籍变更申请',
    right: 'rollRequests.view',
    screen: () => import('./pages/roll-requests/RollRequestList'),
    group: 'academic',
  },
  // 审批: every operator has boxes (those they approve, are copied on); 全部审批 with approvals.view
  { path: '/approvals', name: '审批', right: ANY_OPERATOR, screen: () => import('./pages/approvals/ApprovalList'), group: 'academic' },
  {
    path: '/approvals/:box',
    name: '审批',
    right: ANY_OPERATOR,
    screen: () => import('./pages/approvals/ApprovalList'),
    hideInMenu: true,
  },
  {
    path: '/approval-flows',
    name: '审批流程',
    right: ['approvals.flows', 'approvals.view'],
    screen: () => import('./pages/approvals/FlowList'),
    group: 'academic',
  },
  {
    path: '/notices',
    name: '通知公告',
    right: 'notices.view',
    screen: () => import('./pages/notices/NoticeList'),
    group: 'academic',
  },
  { path: '/notices/new', name: '新建通知', right: 'notices.edit', screen: () => import('./pages/notices/NoticeEdit'), hideInMenu: true },
  {
    path: '/notices/:id/edit',
    name: '编辑通知',
    right: 'notices.edit',
    screen: () => import('./pages/notices/NoticeEdit'),
    hideInMenu: true,
  },
  {
    path: '/night/classes',
    name: '夜校课程',
    right: 'night.view',
    screen: () => import('./pages/night/NightClassList'),
    group: 'academic',
  },
  {
    path: '/night/classes/:id',
    name: '夜校课详情',
    right: 'night.view',
    screen: () => import('./pages/night/NightClassDetail'),
    hideInMenu: true,
  },
  // 教学
  { path: '/courses', name: '课程列表', right: 'courses.view', screen: () => import('./pages/courses/CourseList'), group: 'teaching' },
  { path: '/courses/new', name: '新建课程', right: 'courses.edit', screen: () => import('./pages/courses/CourseEdit'), hideInMenu: true },
  { path: '/courses/:id', name: '课程详情', right: 'courses.view', screen: () => import('./pages/courses/CourseDetail'), hideInMenu: true },
  {
    path: '/courses/:id/:tab',
    name: '课程详情',
    right: 'courses.view',
    screen: () => import('./pages/courses/CourseDetail'),
    hideInMenu: true,
  },
  {
    path: '/course-categories',
    name: '课程分类',
    right: 'courses.view',
    screen: () => import('./pages/courses/CategoryList'),
    group: 'teaching',
  },
  { path: '/questions', name: '题库', right: 'exams.view', screen: () => import('./pages/questions/QuestionList'), group: 'teaching' },
  { path: '/papers', name: '试卷', right: 'exams.view', screen: () => import('./pages/exams/PaperList'), group: 'teaching' },
  { path: '/papers/new', name: '新建试卷', right: 'exams.edit', screen: () => import('./pages/exams/PaperEdit'), hideInMenu: true },
  { path: '/papers/:id', name: '试卷详情', right: 'exams.view', screen: () => import('./pages/exams/PaperDetail'), hideInMenu: true },
  { path: '/papers/:id/:tab', name: '试卷详情', right: 'exams.view', screen: () => import('./pages/exams/PaperDetail'), hideInMenu: true },
  {
    path: '/student-questions',
    name: '答疑',
    right: 'studentQuestions.view',
    screen: () => import('./pages/student-questions/StudentQuestionList'),
    group: 'teaching',
  },
  // 教材
  {
    path: '/textbooks',
    name: '教材邮寄',
    right: 'textbooks.view',
    screen: () => import('./pages/textbooks/MailingList'),
    group: 'textbooks',
  },
  {
    path: '/textbooks/parcels',
    name: '运单',
    right: 'textbooks.view',
    screen: () => import('./pages/textbooks/ParcelList'),
    group: 'textbooks',
  },
  {
    path: '/textbooks/exceptions',
    name: '物流异常',
    right: 'textbooks.view',
    screen: () => import('./pages/textbooks/ExceptionList'),
    group: 'textbooks',
  },
  {
    path: '/textbooks/:id',
    name: '邮寄详情',
    right: 'textbooks.view',
    screen: () => import('./pages/textbooks/MailingDetail'),
    hideInMenu: true,
  },
  // 毕业
  {
    path: '/graduation/photos',
    name: '毕业照片',
    right: 'graduation.view',
    screen: () => import('./pages/graduation/PhotoCollectionList'),
    group: 'graduation',
  },
  {
    path: '/graduation/photos/:id',
    name: '照片采集',
    right: 'graduation.view',
    screen: () => import('./pages/graduation/CollectionPhotos'),
    hideInMenu: true,
  },
  {
    path: '/thesis',
    name: '毕业论文',
    right: THESIS_READERS,
    screen: () => import('./pages/thesis/ThesisBatchList'),
    group: 'graduation',
  },
  {
    path: '/thesis/:id',
    name: '论文批次',
    right: THESIS_READERS,
    screen: () => import('./pages/thesis/ThesisBatchDetail'),
    hideInMenu: true,
  },
  {
    path: '/thesis/:id/:tab',
    name: '论文批次',
    right: THESIS_READERS,
    screen: () => import('./pages/thesis/ThesisBatchDetail'),
    hideInMenu: true,
  },
  {
    path: '/graduation/audits',
    name: '毕业审核',
    right: 'graduation.view',
    screen: () => import('./pages/graduation/AuditList'),
    group: 'graduation',
  },
  {
    path: '/graduation/audits/:id',
    name: '毕业审核',
    right: 'graduation.view',
    screen: () => import('./pages/graduation/AuditDetail'),
    hideInMenu: true,
  },
  {
    path: '/graduation/audits/:id/:tab',
    name: '毕业审核',
    right: 'graduation.view',
    screen: () => import('./pages/graduation/AuditDetail'),
    hideInMenu: true,
  },
  {
    path: '/graduation/graduates',
    name: '毕业生',
    right: 'graduation.view',
    screen: () => import('./pages/graduation/GraduateList'),
    group: 'graduation',
  },
  // 财务
  { path: '/fee-orders', name: '缴费单', right: 'fees.view', screen: () => import('./pages/fees/FeeOrderList'), group: 'finance' },
  {
    path: '/fee-orders/:id',
    name: '缴费单详情',
    right: 'fees.view',
    screen: () => import('./pages/fees/FeeOrderDetail'),
    hideInMenu: true,
  },
  { path: '/fee-standards', name: '收费标准', right: 'fees.view', screen: () => import('./pages/fees/FeeStandardList'), group: 'finance' },
  { path: '/coupons', name: '优惠券', right: 'fees.view', screen: () => import('./pages/fees/CouponList'), group: 'finance' },
  { path: '/orders', name: '订单', right: 'orders.view', screen: () => import('./pages/orders/OrderList'), group: 'finance' },
  { path: '/orders/:id', name: '订单详情', right: 'orders.view', screen: () => import('./pages/orders/OrderDetail'), hideInMenu: true },
  {
    path: '/withdrawals',
    name: '提现',
    right: 'withdrawals.view',
    screen: () => import('./pages/withdrawals/WithdrawalList'),
    group: 'finance',
  },
  {
    path: '/ledger',
    name: '资金流水',
    right: 'ledger.view',
    screen: () => import('./pages/ledger/LedgerList'),
    group: 'finance',
  },
  // 积分
  { path: '/points/ways', name: '积分途径', right: 'points.view', screen: () => import('./pages/points/WayList'), group: 'points' },
  { path: '/points/levels', name: '积分等级', right: 'points.view', screen: () => import('./pages/points/LevelList'), group: 'points' },
  {
    path: '/points/students',
    name: '学员积分',
    right: 'points.view',
    screen: () => import('./pages/points/StudentPointsList'),
    group: 'points',
  },
  { path: '/points/records', name: '积分记录', right: 'points.view', screen: () => import('./pages/points/RecordList'), group: 'points' },
  {
    path: '/points/applications',
    name: '积分申请',
    right: 'points.view',
    screen: () => import('./pages/points/ApplicationList'),
    group: 'points',
  },
  { path: '/points/goods', name: '商品', right: 'points.view', screen: () => import('./pages/points/GoodList'), group: 'points' },
  { path: '/points/orders', name: '兑换订单', right: 'points.view', screen: () => import('./pages/points/OrderList'), group: 'points' },
  // 统计
  { path: '/targets', name: '目标看板', right: ANY_OPERATOR, screen: () => import('./pages/targets/TargetDashboard'), group: 'statistics' },
  {
    path: '/targets/settings',
    name: '招生目标',
    right: 'targets.edit',
    screen: () => import('./pages/targets/TargetSettings'),
    group: 'statistics',
  },
  // 系统
  {
    path: '/operators',
    name: '操作员',
    right: 'operators.view',
    screen: () => import('./pages/operators/OperatorList'),
    group: 'system',
  },
  {
    path: '/positions',
    name: '岗位',
    right: ['positions.view', 'positions.edit'],
    screen: () => import('./pages/positions/PositionList'),
    group: 'system',
  },
  {
    path: '/departments',
    name: '部门',
    right: ['departments.view', 'departments.edit'],
    screen: () => import('./pages/departments/DepartmentList'),
    group: 'system',
  },
  { path: '/settings', name: '设置', right: 'settings.view', screen: () => import('./pages/settings/Settings'), group: 'system' },
  {
    path: '/sign-in-records',
    name: '登录记录',
    right: ANY_OPERATOR,
    screen: () => import('./pages/sign-in-records/SignInRecords'),
    group: 'system',
  },
  { path: '/audit', name: '操作日志', right: 'audit.view', screen: () => import('./pages/audit/AuditLog'), group: 'system' },
  {
    path: '/app-versions',
    name: 'APP 版本',
    right: 'appVersions.view',
    screen: () => import('./pages/app-versions/AppVersionList'),
    group: 'system',
  },
  {
    path: '/contents',
    name: '内容',
    right: 'contents.view',
    screen: () => import('./pages/contents/ContentList'),
    group: 'system',
  },
  {
    path: '/contents/new',
    name: '新建内容',
    right: 'contents.edit',
    screen: () => import('./pages/contents/ContentEdit'),
    hideInMenu: true,
  },
  {
    path: '/contents/:id/edit',
    name: '编辑内容',
    right: 'contents.edit',
    screen: () => import('./pages/contents/ContentEdit'),
    hideInMenu: true,
  },
  // Reached from another screen or the operator's own menu, not from the side menu
  { path: '/attempts/:id', name: '阅卷', right: 'exams.view', screen: () => import('./pages/exams/AttemptMarking'), hideInMenu: true },
  {
    path: '/account/password',
    name: '修改密码',
    right: ANY_OPERATOR,
    screen: () => import('./pages/account/ChangePassword'),
    hideInMenu: true,
  },
  { path: '/account/security', name: '账号安全', right: ANY_OPERATOR, screen: () => import('./pages/account/Security'), hideInMenu: true },
]

export { HOME } from './home'

/** Every route with its screen, loaded when first opened. */
export const SCREENS: ReadonlyArray<ConsoleRoute & { component: LazyExoticComponent<ComponentType> }> = ROUTES.map((route) => ({
  ...route,
  component: lazy(route.screen),
}))
