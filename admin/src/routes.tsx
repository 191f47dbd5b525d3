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
  AuditOutlined,
  DashboardOutlined,
  DiffOutlined,
  FileTextOutlined,
  FormOutlined,
  GiftOutlined,
  IdcardOutlined,
  MobileOutlined,
  MoonOutlined,
  MoneyCollectOutlined,
  NotificationOutlined,
  PayCircleOutlined,
  PictureOutlined,
  PlayCircleOutlined,
  QuestionCircleOutlined,
  ReadOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  SolutionOutlined,
  SoundOutlined,
  TeamOutlined,
  TrophyOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons'
import { ALL_RIGHTS, type Right } from '@activity/domain'
import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode } from 'react'

export interface ConsoleRoute {
  /** The address under /admin (react-router syntax: `/partners/:id`). */
  path: string
  /** Menu label and page title. */
  name: string
  icon?: ReactNode
  /** The right that opens it (any one of a list; packages/domain rights.ts). */
  right: Right | readonly Right[]
  /** Imports the screen's file under src/pages (default export) when first opened; a missing file fails typecheck and build. */
  screen: () => Promise<{ default: ComponentType }>
  /** A screen reached from another one (a detail), not from the menu. */
  hideInMenu?: boolean
  /** The menu entry it sits under (MENU_GROUPS), instead of the menu's first level. */
  group?: MenuGroup
}

/** Menu entries that hold others; a group shows where its first entry would, and only with an entry the operator may open. */
export const MENU_GROUPS = {
  courses: { name: '课程', icon: <PlayCircleOutlined /> },
  exams: { name: '考试', icon: <FormOutlined /> },
  night: { name: '夜校', icon: <MoonOutlined /> },
  points: { name: '积分', icon: <GiftOutlined /> },
  fees: { name: '缴费', icon: <MoneyCollectOutlined /> },
  statistics: { name: '统计', icon: <BarChartOutlined /> },
  system: { name: '系统', icon: <SettingOutlined /> },
} as const satisfies Record<string, { name: string; icon: ReactNode }>
export type MenuGroup = keyof typeof MENU_GROUPS

/** What every operator may open whatever their position: their own account. */
const ANY_OPERATOR: readonly Right[] = ALL_RIGHTS

export const ROUTES: readonly ConsoleRoute[] = [
  {
    path: '/dashboard',
    name: '工作台',
    icon: <DashboardOutlined />,
    right: 'dashboard.view',
    screen: () => import('./pages/dashboard/Dashboard'),
  },
  {
    path: '/partners',
    name: '合伙人',
    icon: <TeamOutlined />,
    right: 'partners.view',
    screen: () => import('./pages/partners/PartnerList'),
  },
  {
    path: '/partners/:id',
    name: '合伙人详情',
    right: ['partners.view', 'clues.work', 'withdrawals.view', 'ledger.view'],
    screen: () => import('./pages/partners/PartnerDetail'),
    hideInMenu: true,
  },
  { path: '/clues', name: '线索', icon: <SolutionOutlined />, right: 'clues.view', screen: () => import('./pages/clues/ClueList') },
  { path: '/clues/:id', name: '线索详情', right: 'clues.view', screen: () => import('./pages/clues/ClueDetail'), hideInMenu: true },
  // The student register (issue 22): 财务 reads it, 招生老师 keeps it
  {
    path: '/students',
    name: '学员',
    icon: <IdcardOutlined />,
    right: 'students.view',
    screen: () => import('./pages/students/StudentList'),
  },
  {
    path: '/students/:id',
    name: '学员详情',
    right: 'students.view',
    screen: () => import('./pages/students/StudentDetail'),
    hideInMenu: true,
  },
  {
    path: '/roll-requests',
    name: '学籍变更申请',
    icon: <DiffOutlined />,
    right: 'rollRequests.view',
    screen: () => import('./pages/roll-requests/RollRequestList'),
  },
  // 课程 (issue 23): every role reads courses and study reports, 管理员 writes (access.ts canManageCourses)
  { path: '/courses', name: '课程列表', right: 'courses.view', screen: () => import('./pages/courses/CourseList'), group: 'courses' },
  {
    path: '/course-categories',
    name: '课程分类',
    right: 'courses.view',
    screen: () => import('./pages/courses/CategoryList'),
    group: 'courses',
  },
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
    path: '/students/:id/study',
    name: '学习报告',
    right: ['courses.view', 'students.view'],
    screen: () => import('./pages/courses/StudentStudy'),
    hideInMenu: true,
  },
  // 答疑 (issue 24): every role reads the queue, 管理员 and 招生老师 answer (access.ts canAnswerQuestions)
  {
    path: '/student-questions',
    name: '答疑',
    icon: <QuestionCircleOutlined />,
    right: 'studentQuestions.view',
    screen: () => import('./pages/student-questions/StudentQuestionList'),
  },
  // 考试 (issue 24): every role reads the bank, papers and attempts, 管理员 writes (access.ts canManageExams)
  { path: '/questions', name: '题库', right: 'exams.view', screen: () => import('./pages/questions/QuestionList'), group: 'exams' },
  { path: '/papers', name: '试卷', right: 'exams.view', screen: () => import('./pages/exams/PaperList'), group: 'exams' },
  { path: '/papers/new', name: '新建试卷', right: 'exams.edit', screen: () => import('./pages/exams/PaperEdit'), hideInMenu: true },
  { path: '/papers/:id', name: '试卷详情', right: 'exams.view', screen: () => import('./pages/exams/PaperDetail'), hideInMenu: true },
  { path: '/papers/:id/:tab', name: '试卷详情', right: 'exams.view', screen: () => import('./pages/exams/PaperDetail'), hideInMenu: true },
  { path: '/attempts/:id', name: '阅卷', right: 'exams.view', screen: () => import('./pages/exams/AttemptMarking'), hideInMenu: true },
  // 夜校 (issue 25): every role reads classes, sign-ups and attendance, 管理员 and 招生老师 write (access.ts canManageNight)
  { path: '/night/classes', name: '夜校课程', right: 'night.view', screen: () => import('./pages/night/NightClassList'), group: 'night' },
  {
    path: '/night/classes/:id',
    name: '夜校课详情',
    right: 'night.view',
    screen: () => import('./pages/night/NightClassDetail'),
    hideInMenu: true,
  },
  {
    path: '/withdrawals',
    name: '提现',
    icon: <PayCircleOutlined />,
    right: 'withdrawals.view',
    screen: () => import('./pages/withdrawals/WithdrawalList'),
  },
  {
    path: '/ledger',
    name: '资金流水',
    icon: <AccountBookOutlined />,
    right: 'ledger.view',
    screen: () => import('./pages/ledger/LedgerList'),
  },
  { path: '/audit', name: '操作日志', icon: <AuditOutlined />, right: 'audit.view', screen: () => import('./pages/audit/AuditLog') },
  // Configuration and content (issue 13)
  {
    path: '/activities',
    name: '活动',
    icon: <NotificationOutlined />,
    right: 'activities.view',
    screen: () => import('./pages/activities/ActivityList'),
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
  {
    path: '/volunteer',
    name: '志愿数据',
    icon: <ReadOutlined />,
    right: 'volunteer.view',
    screen: () => import('./pages/volunteer/VolunteerData'),
  },
  {
    path: '/volunteer/:tab',
    name: '志愿数据',
    right: 'volunteer.view',
    screen: () => import('./pages/volunteer/VolunteerData'),
    hideInMenu: true,
  },
  { path: '/orders', name: '订单', icon: <ShoppingCartOutlined />, right: 'orders.view', screen: () => import('./pages/orders/OrderList') },
  { path: '/orders/:id', name: '订单详情', right: 'orders.view', screen: () => import('./pages/orders/OrderDetail'), hideInMenu: true },
  { path: '/tiers', name: '档位', icon: <TrophyOutlined />, right: 'tiers.view', screen: () => import('./pages/tiers/TierList') },
  { path: '/posters', name: '海报', icon: <PictureOutlined />, right: 'posters.view', screen: () => import('./pages/posters/PosterList') },
  {
    path: '/contents',
    name: '内容',
    icon: <FileTextOutlined />,
    right: 'contents.view',
    screen: () => import('./pages/contents/ContentList'),
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
  {
    path: '/notices',
    name: '通知公告',
    icon: <SoundOutlined />,
    right: 'notices.view',
    screen: () => import('./pages/notices/NoticeList'),
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
    path: '/app-versions',
    name: 'APP 版本',
    icon: <MobileOutlined />,
    right: 'appVersions.view',
    screen: () => import('./pages/app-versions/AppVersionList'),
  },
  {
    path: '/operators',
    name: '操作员',
    icon: <UserSwitchOutlined />,
    right: 'operators.view',
    screen: () => import('./pages/operators/OperatorList'),
  },
  {
    path: '/account/password',
    name: '修改密码',
    right: ANY_OPERATOR,
    screen: () => import('./pages/account/ChangePassword'),
    hideInMenu: true,
  },
  { path: '/account/security', name: '账号安全', right: ANY_OPERATOR, screen: () => import('./pages/account/Security'), hideInMenu: true },
  // 积分 (issue 25): every role reads ways, levels, records, applications, goods and exchanges; 管理员 writes (access.ts canManagePoints)
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
  // 缴费 and 设置 (issue 25): 财务 and 管理员 write, every role reads the fee screens.
  { path: '/fee-standards', name: '收费标准', right: 'fees.view', screen: () => import('./pages/fees/FeeStandardList'), group: 'fees' },
  { path: '/fee-orders', name: '缴费单', right: 'fees.view', screen: () => import('./pages/fees/FeeOrderList'), group: 'fees' },
  {
    path: '/fee-orders/:id',
    name: '缴费单详情',
    right: 'fees.view',
    screen: () => import('./pages/fees/FeeOrderDetail'),
    hideInMenu: true,
  },
  { path: '/coupons', name: '优惠券', right: 'fees.view', screen: () => import('./pages/fees/CouponList'), group: 'fees' },
  {
    path: '/positions',
    name: '岗位',
    right: ['positions.view', 'positions.edit'],
    screen: () => import('./pages/positions/PositionList'),
    group: 'system',
  },
  { path: '/settings', name: '设置', right: 'settings.view', screen: () => import('./pages/settings/Settings'), group: 'system' },
  // 登录记录: every operator sees their own; signInRecords.view shows everyone's (the server narrows)
  {
    path: '/sign-in-records',
    name: '登录记录',
    right: ANY_OPERATOR,
    screen: () => import('./pages/sign-in-records/SignInRecords'),
    group: 'system',
  },
  // 招生目标: every operator sees their own progress (and their department's); targets.view every row.
  { path: '/targets', name: '目标看板', right: ANY_OPERATOR, screen: () => import('./pages/targets/TargetDashboard'), group: 'statistics' },
  {
    path: '/targets/settings',
    name: '招生目标',
    right: 'targets.edit',
    screen: () => import('./pages/targets/TargetSettings'),
    group: 'statistics',
  },
  {
    path: '/departments',
    name: '部门',
    right: ['departments.view', 'departments.edit'],
    screen: () => import('./pages/departments/DepartmentList'),
    group: 'system',
  },
]

/** Where a signed-in operator lands. */
export const HOME = '/dashboard'

/** Every route with its screen, loaded when first opened. */
export const SCREENS: ReadonlyArray<ConsoleRoute & { component: LazyExoticComponent<ComponentType> }> = ROUTES.map((route) => ({
  ...route,
  component: lazy(route.screen),
}))
