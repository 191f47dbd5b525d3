import { DEFAULT_TITLE, HOME_PATH, ROUTES, areaOf, pageConfigOf, routeOf } from './routes'

describe('the route table', () => {
  // Issue 15's partner pages, after SPEC.md's table.
  const ISSUE_15 = ['pages/partner/clueDetail', 'pages/partner/team', 'pages/partner/ranking', 'pages/partner/message']
  // Issue 22's student pages (the student login, roll, corrections, notices).
  const ISSUE_22 = [
    'pages/student/login',
    'pages/student/roll',
    'pages/student/rollRequest',
    'pages/student/notice',
    'pages/student/noticeDetail',
  ]
  // Issue 23's study pages (the catalogue, a course, my courses, the player, live classes).
  const ISSUE_23 = [
    'pages/study/course',
    'pages/study/courseDetail',
    'pages/study/index',
    'pages/study/section',
    'pages/study/live',
    'pages/study/liveRoom',
  ]
  // Issue 24's exercise, exam, wrong-answer book and report pages, with their titles; 答疑: my questions, a question's thread.
  const ISSUE_24: Record<string, string> = {
    'pages/study/exercise': '章节练习',
    'pages/study/exam': '考试',
    'pages/study/paper': '答题',
    'pages/study/wrong': '错题本',
    'pages/study/report': '学习报告',
    'pages/study/question': '答疑',
    'pages/study/questionDetail': '答疑详情',
  }
  // Issue 25's night classes: the list with mine, a class, the check-in landing of a scan.
  const ISSUE_25_NIGHT: Record<string, string> = {
    'pages/night/index': '夜校',
    'pages/night/detail': '夜校课程',
    'pages/night/checkIn': '夜校签到',
  }
  // Issue 25's points pages (我的积分, the shop, a good, my exchanges, applications), with their titles.
  const ISSUE_25_POINTS: Record<string, string> = {
    'pages/points/index': '我的积分',
    'pages/points/shop': '积分商城',
    'pages/points/good': '商品详情',
    'pages/points/orders': '兑换记录',
    'pages/points/apply': '积分申请',
  }
  // Issue 25's fee pages (我的缴费, its detail and receipt), a subpackage of their own.
  const ISSUE_25_FEES: Record<string, string> = {
    'pages/fee/index': '我的缴费',
    'pages/fee/detail': '缴费详情',
    'pages/fee/receipt': '电子收据',
  }
  // 请假: my leaves, the form, a leave with its approval (the student's subpackage).
  const LEAVE: Record<string, string> = {
    'pages/student/leave': '我的请假',
    'pages/student/leaveApply': '请假申请',
    'pages/student/leaveDetail': '请假详情',
  }
  // 课表 (issue 41): my week with 扫码签到 and 补卡, the landing of the room screen's QR code (the student's subpackage).
  const TIMETABLE: Record<string, string> = {
    'pages/student/timetable': '我的课表',
    'pages/student/attend': '课堂签到',
  }
  // 毕业照片: the specification, my photo with its approval, the upload; 毕业审核: the checklist, the audit, the certificate (the student's subpackage).
  const GRADUATION: Record<string, string> = {
    'pages/student/graduationPhoto': '毕业照片',
    'pages/student/graduation': '毕业审核',
    'pages/student/thesis': '我的论文',
  }
  // 我的教材 (issue 44): my mailings with their parcels, the address form (the student's subpackage).
  const TEXTBOOKS: Record<string, string> = {
    'pages/student/textbooks': '我的教材',
    'pages/student/textbookAddress': '收货地址',
  }
  // 教职工's work (the operator session, no needsLogin: useRequireStaff guards them): my clues, a clue, the 答疑 queue, a thread.
  const STAFF_WORK: Record<string, string> = {
    'pages/staff/clues': '我的线索',
    'pages/staff/clueDetail': '线索详情',
    'pages/staff/questions': '答疑',
    'pages/staff/questionDetail': '答疑详情',
  }
  // 课表点名 (issue 41, the operator session): my week, a session's room screen and roll call.
  const STAFF_ATTENDANCE: Record<string, string> = {
    'pages/staff/sessions': '课表点名',
    'pages/staff/session': '签到与点名',
  }
  // 教职工's shell and approvals (the operator session, no needsLogin): sign-in, the workbench, a roster, approvals, one approval.
  const STAFF_SHELL: Record<string, string> = {
    'pages/staff/login': '教职工登录',
    'pages/staff/index': '工作台',
    'pages/staff/roster': '班级学员',
    'pages/staff/approvals': '审批',
    'pages/staff/approvalDetail': '审批详情',
  }
  const EXTRA =
    Object.keys(STAFF_SHELL).length +
    Object.keys(STAFF_WORK).length +
    Object.keys(STAFF_ATTENDANCE).length +
    Object.keys(LEAVE).length +
    Object.keys(TIMETABLE).length +
    Object.keys(GRADUATION).length +
    Object.keys(TEXTBOOKS).length +
    ISSUE_15.length +
    ISSUE_22.length +
    ISSUE_23.length +
    Object.keys(ISSUE_24).length +
    Object.keys(ISSUE_25_FEES).length +
    Object.keys(ISSUE_25_NIGHT).length +
    Object.keys(ISSUE_25_POINTS).length

  it("holds the 22 routes of SPEC.md section 2, issue 15's partner pages, issue 22's student pages and issue 23's study pages, the home page first", () => {
    expect(ROUTES).toHaveLength(22 + EXTRA)
    expect(ROUTES[0]?.path).toBe(HOME_PATH)
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(22 + EXTRA)
    for (const path of ISSUE_15) expect(areaOf(path)).toBe('pages/partner')
    for (const path of ISSUE_22.filter((p) => p !== 'pages/student/login')) expect(routeOf(path)?.needsLogin).toBe(true)
    expect(routeOf('pages/student/login')?.needsLogin).toBeFalsy()
    for (const path of ISSUE_23) expect([areaOf(path), routeOf(path)?.needsLogin]).toEqual(['pages/study', true])
    for (const [path, title] of Object.entries(ISSUE_24))
      expect([areaOf(path), routeOf(path)?.needsLogin, routeOf(path)?.title]).toEqual(['pages/study', true, title])
    for (const [path, title] of Object.entries(ISSUE_25_NIGHT))
      expect([areaOf(path), routeOf(path)?.needsLogin, routeOf(path)?.title]).toEqual(['pages/night', true, title])
    for (const [path, title] of Object.entries(ISSUE_25_POINTS))
      expect([areaOf(path), routeOf(path)?.needsLogin, routeOf(path)?.title]).toEqual(['pages/points', true, title])
    for (const [path, title] of Object.entries(LEAVE))
      expect([areaOf(path), routeOf(path)?.needsLogin, routeOf(path)?.title]).toEqual(['pages/student', true, title])
    for (const [path, title] of Object.entries(TIMETABLE))
      expect([areaOf(path), routeOf(path)?.needsLogin, routeOf(path)?.title]).toEqual(['pages/student', true, title])
    for (const [path, title] of Object.entries(GRADUATION))
      expect([areaOf(path), routeOf(path)?.needsLogin, routeOf(path)?.title]).toEqual(['pages/student', true, title])
    for (const [path, title] of Object.entries(TEXTBOOKS))
      expect([areaOf(path), routeOf(path)?.needsLogin, routeOf(path)?.title]).toEqual(['pages/student', true, title])
    for (const [path, title] of Object.entries(ISSUE_25_FEES))
      expect([areaOf(path), routeOf(path)?.needsLogin, routeOf(path)?.title]).toEqual(['pages/fee', true, title])
    for (const [path, title] of Object.entries(STAFF_SHELL))
      expect([areaOf(path), routeOf(path)?.needsLogin, routeOf(path)?.title]).toEqual(['pages/staff', undefined, title])
    for (const [path, title] of Object.entries(STAFF_WORK))
      expect([areaOf(path), routeOf(path)?.needsLogin, routeOf(path)?.title]).toEqual(['pages/staff', undefined, title])
    for (const [path, title] of Object.entries(STAFF_ATTENDANCE))
      expect([areaOf(path), routeOf(path)?.needsLogin, routeOf(path)?.title]).toEqual(['pages/staff', undefined, title])
  })

  it('gives the titles SPEC.md fixes', () => {
    const titles = Object.fromEntries(ROUTES.map((r) => [r.path, r.title]))
    expect(titles).toMatchObject({
      'pages/tabBar/home': '首页',
      'pages/tabBar/clue': '招生线索',
      'pages/tabBar/record': '资金记录',
      'pages/main/pay': '付款',
      'pages/main/content': '内容',
      'pages/partner/position': '本周期档位',
      'pages/partner/deal': '成交单量',
      'pages/partner/withdrawal': '提现',
      'pages/partner/message': '消息通知',
      'pages/user/login': '合伙人登录',
      'pages/main/wxCode': '',
      'pages/partner/clueDetail': '线索详情',
      'pages/partner/team': '我的团队',
      'pages/partner/ranking': '排行榜',
      'pages/student/roll': '我的学籍',
      'pages/student/rollRequest': '学籍信息修改',
      'pages/student/notice': '通知公告',
      'pages/student/noticeDetail': '通知详情',
      'pages/study/course': '课程',
      'pages/study/courseDetail': '课程详情',
      'pages/study/index': '我的课程',
      'pages/study/section': '课程学习',
      'pages/study/live': '直播课表',
      'pages/study/liveRoom': '直播间',
      'pages/study/question': '答疑',
      'pages/study/questionDetail': '答疑详情',
    })
  })

  it("turns on pull-down refresh only on the clue and record pages, issue 15's partner pages, the student's notices, leaves, timetable, graduation audit, thesis and textbooks, and the study lists", () => {
    expect(ROUTES.filter((r) => r.pullDownRefresh).map((r) => r.path)).toEqual([
      'pages/tabBar/clue',
      'pages/tabBar/record',
      ...ISSUE_15,
      'pages/student/notice',
      'pages/student/leave',
      'pages/student/timetable',
      'pages/student/graduation',
      'pages/student/thesis',
      'pages/student/textbooks',
      'pages/study/course',
      'pages/study/index',
      'pages/study/live',
      'pages/study/exam',
      'pages/study/wrong',
      'pages/study/question',
      'pages/night/index',
      'pages/points/index',
      'pages/points/shop',
      'pages/points/orders',
      'pages/fee/index',
      'pages/staff/index',
      'pages/staff/roster',
      'pages/staff/approvals',
      'pages/staff/clues',
      'pages/staff/clueDetail',
      'pages/staff/questions',
      'pages/staff/sessions',
      'pages/staff/session',
    ])
    expect(pageConfigOf('pages/tabBar/clue')).toMatchObject({ enablePullDownRefresh: true, navigationStyle: 'custom' })
    expect(pageConfigOf('pages/partner/deal')).not.toHaveProperty('enablePullDownRefresh')
  })

  it('gives the app download page a green title bar with white text', () => {
    expect(pageConfigOf('pages/main/appDownload')).toMatchObject({
      navigationBarTextStyle: 'white',
      navigationBarBackgroundColor: '#057c3e',
    })
  })

  it("titles an H5 page with no title of its own with the app's default title, for the document only", () => {
    const env = process.env.TARO_ENV
    const envs = process.env as Record<string, string | undefined>
    try {
      envs.TARO_ENV = 'h5'
      expect(pageConfigOf('pages/main/wxCode').navigationBarTitleText).toBe(DEFAULT_TITLE)
      expect(pageConfigOf('pages/main/web').navigationBarTitleText).toBe(DEFAULT_TITLE)
      expect(pageConfigOf('pages/partner/deal').navigationBarTitleText).toBe('成交单量')
      envs.TARO_ENV = 'weapp'
      expect(pageConfigOf('pages/main/wxCode').navigationBarTitleText).toBe('')
    } finally {
      if (env === undefined) delete envs.TARO_ENV
      else envs.TARO_ENV = env
    }
  })

  it('finds a route by path with or without slash and query, and / is home', () => {
    expect(routeOf('/pages/partner/deal?x=1')?.title).toBe('成交单量')
    expect(routeOf('/')?.path).toBe(HOME_PATH)
    expect(routeOf('/pages/nope')).toBeUndefined()
  })

  it('groups a path by its area folder', () => {
    expect(areaOf('pages/partner/position')).toBe('pages/partner')
  })

  it('refuses a page config for a path not in the table', () => {
    expect(() => pageConfigOf('pages/nope/x')).toThrow('No route')
  })
})
