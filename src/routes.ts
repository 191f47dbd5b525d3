/**
 * The route table of SPEC.md section 2, written once. app.config.ts, every page's config, the
 * jump page and the route-table tests read it. Paths are public addresses (QR codes and shares
 * carry them): never rename one.
 */
export interface RouteDef {
  /** Page path without a leading slash, as in app.json. */
  path: string
  /** Title bar text; '' for pages that set none. */
  title: string
  /** Pull-down refresh on this page. */
  pullDownRefresh?: boolean
  /**
   * Title bar colours, where the page has its own (app download: green with white text; a green
   * darker than WeChat's #07c160, same hue, for 4.5:1 and more under white text).
   */
  barBackground?: string
  barTextStyle?: 'white' | 'black'
  /** Signed-out users are sent to login first. */
  needsLogin?: boolean
}

export const HOME_PATH = 'pages/tabBar/home'
export const LOGIN_PATH = 'pages/user/login'
/** The student's login (学员登录), where the student pages send a signed-out person. */
export const STUDENT_LOGIN_PATH = 'pages/student/login'
/** The student's pages: those that need login send a signed-out person to the student login. */
export const STUDENT_AREA = 'pages/student'
/** The student's study pages (issue 23: courses, the player, live classes); their login is the student's too. */
export const STUDY_AREA = 'pages/study'
/** The student's night classes (issue 25); their login is the student's too. */
export const NIGHT_AREA = 'pages/night'
/** The student's fee orders and receipts (issue 25); their login is the student's too. */
export const FEE_AREA = 'pages/fee'
/** The student's points and the points shop (issue 25); their login is the student's too. */
export const POINTS_AREA = 'pages/points'
/** 教职工's pages (the operator session, src/staff): their guard is useRequireStaff, not needsLogin. */
export const STAFF_AREA = 'pages/staff'
/** 教职工登录: account and password (mini-programs sign a bound operator in silently first). */
export const STAFF_LOGIN_PATH = 'pages/staff/login'
/** 工作台: what the operator holds (head teacher, enrolment, teaching). */
export const STAFF_HOME_PATH = 'pages/staff/index'
/** The default page title: a slogan meaning "make learning a habit". */
export const DEFAULT_TITLE = '让学习成为一种习惯'

export const ROUTES: RouteDef[] = [
  // Home is for everyone: a public entrance when signed out (issue 22).
  { path: HOME_PATH, title: '首页' },
  { path: 'pages/tabBar/clue', title: '招生线索', pullDownRefresh: true, needsLogin: true },
  { path: 'pages/tabBar/record', title: '资金记录', pullDownRefresh: true, needsLogin: true },
  { path: 'pages/main/appDownload', title: 'APP下载', barBackground: '#057c3e', barTextStyle: 'white' },
  { path: 'pages/main/wxCode', title: '' },
  { path: 'pages/main/pay', title: '付款' },
  { path: 'pages/main/content', title: '内容' },
  { path: 'pages/main/web', title: '' },
  { path: 'pages/jump/index', title: '' },
  { path: 'pages/partner/position', title: '本周期档位', needsLogin: true },
  { path: 'pages/partner/deal', title: '成交单量', needsLogin: true },
  { path: 'pages/partner/withdrawal', title: '提现', needsLogin: true },
  { path: 'pages/partner/clueDetail', title: '线索详情', pullDownRefresh: true, needsLogin: true },
  { path: 'pages/partner/team', title: '我的团队', pullDownRefresh: true, needsLogin: true },
  { path: 'pages/partner/ranking', title: '排行榜', pullDownRefresh: true, needsLogin: true },
  { path: 'pages/partner/message', title: '消息通知', pullDownRefresh: true, needsLogin: true },
  { path: 'pages/activity/main', title: '活动' },
  { path: 'pages/activity/detail', title: '活动详情' },
  { path: LOGIN_PATH, title: '合伙人登录' },
  { path: 'pages/user/loginWechat', title: '合伙人登录' },
  { path: 'pages/user/person', title: '填写个人信息', needsLogin: true },
  { path: 'pages/user/partner', title: '填写报名信息', needsLogin: true },
  { path: 'pages/user/agreement', title: '用户协议' },
  { path: 'pages/user/privacy', title: '隐私政策' },
  { path: 'pages/user/volunteer', title: '志愿查询' },
  { path: 'pages/user/changePass', title: '修改密码', needsLogin: true },
  { path: STUDENT_LOGIN_PATH, title: '学员登录' },
  { path: 'pages/student/roll', title: '我的学籍', needsLogin: true },
  { path: 'pages/student/rollRequest', title: '学籍信息修改', needsLogin: true },
  { path: 'pages/student/notice', title: '通知公告', pullDownRefresh: true, needsLogin: true },
  { path: 'pages/student/noticeDetail', title: '通知详情', needsLogin: true },
  // 请假: my leaves, the form (a returned leave changed there too), a leave with its approval.
  { path: 'pages/student/leave', title: '我的请假', pullDownRefresh: true, needsLogin: true },
  { path: 'pages/student/leaveApply', title: '请假申请', needsLogin: true },
  { path: 'pages/student/leaveDetail', title: '请假详情', needsLogin: true },
  // 课表 (issue 41): my week of face-to-face sessions (扫码签到, 补卡), the landing of the room screen's QR code.
  { path: 'pages/student/timetable', title: '我的课表', pullDownRefresh: true, needsLogin: true },
  { path: 'pages/student/attend', title: '课堂签到', needsLogin: true },
  // 毕业照片: my batch's photo specification, my photo with its approval, the upload.
  { path: 'pages/student/graduationPhoto', title: '毕业照片', needsLogin: true },
  // 毕业审核: my batch's audit, each graduation condition met or not (and where to fix it), the approval, my certificate.
  { path: 'pages/student/graduation', title: '毕业审核', pullDownRefresh: true, needsLogin: true },
  // 论文: the batch's timeline, choosing or proposing a topic, each stage's versions, the defence and the score.
  { path: 'pages/student/thesis', title: '我的论文', pullDownRefresh: true, needsLogin: true },
  // 我的教材 (issue 44): each mailing of textbooks with its books, my address and its parcel; the address form.
  { path: 'pages/student/textbooks', title: '我的教材', pullDownRefresh: true, needsLogin: true },
  { path: 'pages/student/textbookAddress', title: '收货地址', needsLogin: true },
  { path: `${STUDY_AREA}/course`, title: '课程', pullDownRefresh: true, needsLogin: true },
  { path: `${STUDY_AREA}/courseDetail`, title: '课程详情', needsLogin: true },
  { path: `${STUDY_AREA}/index`, title: '我的课程', pullDownRefresh: true, needsLogin: true },
  { path: `${STUDY_AREA}/section`, title: '课程学习', needsLogin: true },
  { path: `${STUDY_AREA}/live`, title: '直播课表', pullDownRefresh: true, needsLogin: true },
  { path: `${STUDY_AREA}/liveRoom`, title: '直播间', needsLogin: true },
  { path: `${STUDY_AREA}/exercise`, title: '章节练习', needsLogin: true },
  { path: `${STUDY_AREA}/exam`, title: '考试', pullDownRefresh: true, needsLogin: true },
  { path: `${STUDY_AREA}/paper`, title: '答题', needsLogin: true },
  { path: `${STUDY_AREA}/wrong`, title: '错题本', pullDownRefresh: true, needsLogin: true },
  { path: `${STUDY_AREA}/report`, title: '学习报告', needsLogin: true },
  { path: `${STUDY_AREA}/question`, title: '答疑', pullDownRefresh: true, needsLogin: true },
  { path: `${STUDY_AREA}/questionDetail`, title: '答疑详情', needsLogin: true },
  // 夜校 (issue 25): classes and mine, a class, the landing of a check-in QR code scan.
  { path: `${NIGHT_AREA}/index`, title: '夜校', pullDownRefresh: true, needsLogin: true },
  { path: `${NIGHT_AREA}/detail`, title: '夜校课程', needsLogin: true },
  { path: `${NIGHT_AREA}/checkIn`, title: '夜校签到', needsLogin: true },
  // 积分 (issue 25): my points, the shop, a good, my exchanges, applying for an offline way's points.
  { path: `${POINTS_AREA}/index`, title: '我的积分', pullDownRefresh: true, needsLogin: true },
  { path: `${POINTS_AREA}/shop`, title: '积分商城', pullDownRefresh: true, needsLogin: true },
  { path: `${POINTS_AREA}/good`, title: '商品详情', needsLogin: true },
  { path: `${POINTS_AREA}/orders`, title: '兑换记录', pullDownRefresh: true, needsLogin: true },
  { path: `${POINTS_AREA}/apply`, title: '积分申请', needsLogin: true },
  // 缴费 (issue 25): 我的缴费, a fee order's detail (pay, coupon, refunds) and its receipt.
  { path: `${FEE_AREA}/index`, title: '我的缴费', pullDownRefresh: true, needsLogin: true },
  { path: `${FEE_AREA}/detail`, title: '缴费详情', needsLogin: true },
  { path: `${FEE_AREA}/receipt`, title: '电子收据', needsLogin: true },
  // 教职工 (the operator session): sign-in, the workbench, a class's roster, approvals and one approval.
  { path: STAFF_LOGIN_PATH, title: '教职工登录' },
  { path: STAFF_HOME_PATH, title: '工作台', pullDownRefresh: true },
  { path: `${STAFF_AREA}/roster`, title: '班级学员', pullDownRefresh: true },
  { path: `${STAFF_AREA}/approvals`, title: '审批', pullDownRefresh: true },
  { path: `${STAFF_AREA}/approvalDetail`, title: '审批详情' },
  // 教职工's work: my clues and one with its follow-ups (招生老师), the 答疑 queue and one thread (老师).
  { path: `${STAFF_AREA}/clues`, title: '我的线索', pullDownRefresh: true },
  { path: `${STAFF_AREA}/clueDetail`, title: '线索详情', pullDownRefresh: true },
  { path: `${STAFF_AREA}/questions`, title: '答疑', pullDownRefresh: true },
  { path: `${STAFF_AREA}/questionDetail`, title: '答疑详情' },
  // 课表点名 (issue 41): my week of face-to-face sessions, one session's room screen (投屏签到) and roll call.
  { path: `${STAFF_AREA}/sessions`, title: '课表点名', pullDownRefresh: true },
  { path: `${STAFF_AREA}/session`, title: '签到与点名', pullDownRefresh: true },
]

/**
 * Pages of non-production builds only (the component gallery), kept apart from the SPEC table:
 * app.config.ts adds them as the pages/dev subpackage when TARO_APP_ENV is development or test.
 */
export const DEV_AREA = 'pages/dev'
export const DEV_ROUTES: RouteDef[] = [{ path: `${DEV_AREA}/gallery`, title: '组件库' }]

/** Tab bar colours (SPEC.md section 9), for when the empty tab bar gets items. */
export const TAB_BAR_STYLE = { backgroundColor: '#ffffff', color: '#000', selectedColor: '#007AFF' } as const

/** The entry page and the two tab pages stay in the main package; every other area is a subpackage. */
export const MAIN_PACKAGE_AREA = 'pages/tabBar'

/**
 * The subpackages a page usually opens next, fetched in the background once it has shown (the
 * mini-programs' preloadRule): from home a signed-out person goes to a login (pages/user,
 * pages/student), a partner to the partner pages (档位, 成交单量, 提现, 团队…) and a student to theirs
 * (学籍, 通知公告, 课程); from 招生线索 to a clue's detail; from 资金记录 to 提现.
 */
export const PRELOAD_NEXT: Record<string, string[]> = {
  [HOME_PATH]: ['pages/user', 'pages/partner', STUDENT_AREA, STUDY_AREA],
  'pages/tabBar/clue': ['pages/partner'],
  'pages/tabBar/record': ['pages/partner'],
}

/** The areas whose signed-out visitors go to the student login rather than the partner's. */
export const STUDENT_LOGIN_AREAS: readonly string[] = [STUDENT_AREA, STUDY_AREA, FEE_AREA, NIGHT_AREA, POINTS_AREA]

export function areaOf(path: string): string {
  return path.split('/').slice(0, 2).join('/')
}

export function routeOf(path: string): RouteDef | undefined {
  const clean = path.replace(/^\//, '').split('?')[0]
  return ROUTES.find((r) => r.path === clean) ?? (clean === '' ? ROUTES[0] : undefined)
}

/**
 * Page config (title, refresh, colours) for one route; each page's *.config.ts calls this.
 * Every page draws its own title bar (navigationStyle custom, src/components/page), so on H5 the
 * config's title is only the document's title (the browser tab, what a screen reader announces):
 * a page with no title in its bar gets the app's default title there instead of an empty one.
 */
export function pageConfigOf(path: string) {
  const route = ROUTES.find((r) => r.path === path) ?? DEV_ROUTES.find((r) => r.path === path)
  if (!route) throw new Error(`No route ${path} in src/routes.ts`)
  return {
    navigationBarTitleText: route.title || (process.env.TARO_ENV === 'h5' ? DEFAULT_TITLE : ''),
    navigationStyle: 'custom' as const,
    ...(route.pullDownRefresh ? { enablePullDownRefresh: true, backgroundTextStyle: 'dark' as const } : {}),
    ...(route.barBackground ? { navigationBarBackgroundColor: route.barBackground } : {}),
    ...(route.barTextStyle ? { navigationBarTextStyle: route.barTextStyle } : {}),
  }
}
