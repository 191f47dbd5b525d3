import Taro from '@tarojs/taro'
import TestUtils from '@tarojs/test-utils-react'
import { choose, confirmPicker, openPicker, until } from '../../components/testing'
import { envelope } from '../../request/testing/server'
import { useStore } from '../../store'
import { NOT_STUDENT_REPLY, drawn, openAt, studentPageHarness } from '../../testing/student-pages'
import { COMMIT_FILE, COMMIT_TITLE, MINE, THESIS_STATES } from '../../testing/thesis'
import StudentThesisPage from './thesis'

jest.mock('@tarojs/taro', () =>
  jest.requireActual('../../testing/taro-mock').taroWithout(['useDidShow', 'usePullDownRefresh', 'useReachBottom']),
)

const MB = 1024 * 1024
const FULL = '该题目名额已满，请选择其他题目'

describe('我的论文', () => {
  const h = studentPageHarness()
  let t: TestUtils
  let uploads: string[]
  beforeEach(() => {
    t = new TestUtils()
    openAt('/pages/student/thesis')
    uploads = []
    URL.createObjectURL = jest.fn(() => 'blob:thesis-1')
    URL.revokeObjectURL = jest.fn()
  })
  afterEach(() => t.unmout())

  const $ = (selector: string) => document.querySelector(selector)
  const texts = (selector: string) => Array.from(document.querySelectorAll(selector)).map((e) => e.textContent)
  const tap = (selector: string) => t.fireEvent.click($(selector) as Element)
  /** GET student answers `state`, and after a commit the state `next` says. */
  function serve(state: keyof typeof THESIS_STATES) {
    let current = THESIS_STATES[state]()
    h.server.on(MINE, () => ({ body: envelope(current) }))
    return (next: keyof typeof THESIS_STATES) => void (current = THESIS_STATES[next]())
  }
  /** The browser's file chooser gives this file (H5: the page's hidden file input). */
  function picks(name: string, bytes: number) {
    jest.spyOn(HTMLInputElement.prototype, 'click').mockImplementationOnce(function (this: HTMLInputElement) {
      Object.defineProperty(this, 'files', { value: [{ name, size: bytes }] })
      this.dispatchEvent(new Event('change'))
    })
  }
  /** The server's answer to an upload (recorded in `uploads`: field names in order, path, file, form). */
  function uploadAnswers(reply: { statusCode: number; body: unknown }, onUpload?: () => void) {
    jest.spyOn(Taro, 'uploadFile').mockImplementation(((options: Taro.uploadFile.Option) => {
      const fields = Object.entries(options.formData ?? {}).map(([k, v]) => `${k}=${String(v)}`)
      uploads.push([...fields, `${options.name} ${new URL(options.url).pathname} ${options.filePath} ${options.fileName}`].join(' '))
      onUpload?.()
      return Promise.resolve({ statusCode: reply.statusCode, data: JSON.stringify(reply.body) })
    }) as never)
  }
  const stage = (name: string) => `.thesis-stage--${name}`

  it("says so when the student's batch has not begun thesis work", async () => {
    serve('notStarted')
    await t.mount(StudentThesisPage)
    expect((await drawn('.app-empty')).textContent).toBe('你所在的批次还没有开始论文工作')
    expect($('.thesis-timeline')).toBeNull()
  })

  it('shows the timeline and the topics with their advisor and places left, a full one not to be chosen', async () => {
    serve('choosing')
    await t.mount(StudentThesisPage)
    await drawn('.thesis-topic')
    expect($('.thesis-timeline .thesis-card__title')?.textContent).toBe('2026年1期毕业论文')
    expect(texts('.thesis-timeline .thesis-row__label')).toEqual(['选题', '开题报告', '初稿', '定稿'])
    expect(texts('.thesis-timeline .thesis-row__value')).toEqual([
      '2026-03-01 至 2026-03-20',
      '2026-04-01 截止',
      '2026-05-01 截止',
      '2026-06-01 截止',
    ])
    expect(texts('.thesis-topic__meta')).toEqual([
      '指导教师 陈老师 · 剩余名额 2/5',
      '指导教师 陈老师 · 剩余名额 0/3',
      '指导教师 赵老师 · 剩余名额 4/4',
    ])
    expect(texts('.thesis-topic__choose')).toEqual(['选择', '已满', '选择'])
    expect($('.thesis-topic--full .thesis-topic__choose')?.className).toContain('app-confirm-button--disabled')
    // No stage may be handed in before a topic is chosen.
    expect($('.thesis-stage')).toBeNull()
  })

  it('chooses a topic after confirming, and shows the server’s 409 when its places have just gone', async () => {
    const next = serve('choosing')
    let answer: { status: number; body: unknown } = { status: 409, body: envelope(null, 100000006, FULL) }
    h.server.on(COMMIT_TITLE, () => answer)
    await t.mount(StudentThesisPage)
    await drawn('.thesis-topic')

    tap('.thesis-topic__choose')
    expect((await drawn('.app-dialog .app-dialog__text')).textContent).toBe(
      '确定选择「小微企业数字化转型研究」（指导教师 陈老师）吗？提交后需等待指导教师确认。',
    )
    tap('.app-dialog__confirm')
    expect((await drawn('.user-form__error--title')).textContent).toBe(FULL)
    expect(h.server.last(COMMIT_TITLE)?.form).toEqual({ topicId: '11' })

    answer = { status: 200, body: envelope(THESIS_STATES.pending()) }
    // Asked again after the refusal: the places have changed.
    await until(() => h.server.requests.filter((r) => `${r.method} ${r.path}` === MINE).length === 2, 'asked again')
    next('pending')
    t.fireEvent.click(document.querySelectorAll('.thesis-topic__choose')[2] as Element)
    await until(() => ($('.app-dialog .app-dialog__text')?.textContent ?? '').includes('跨境电商物流模式比较'), 'the third topic confirmed')
    tap('.app-dialog__confirm')
    await drawn('.thesis-chosen')
    expect(h.server.last(COMMIT_TITLE)?.form).toEqual({ topicId: '13' })
    expect(useStore.getState().toast.title).toBe('已选择，请等待指导教师确认')
    expect($('.thesis-chosen__title')?.textContent).toBe('小微企业数字化转型研究')
    expect($('.thesis-chosen .thesis-tag')?.textContent).toBe('待确认')
    expect($('.thesis-chosen__note')?.textContent).toBe('已提交选题，等待指导教师确认')
    expect($('.thesis-topic')).toBeNull()
  })

  it('proposes its own title to one of the batch’s advisors, after the advisor refused the first', async () => {
    const next = serve('refused')
    h.server.on(COMMIT_TITLE, () => {
      next('pending')
      return { body: envelope(THESIS_STATES.pending()) }
    })
    await t.mount(StudentThesisPage)
    await drawn('.thesis-choose__refused')
    expect($('.thesis-choose__refused-title')?.textContent).toBe('指导教师未同意你的选题「中国经济发展研究」')
    expect($('.thesis-choose__refused-reason')?.textContent).toBe('原因：题目范围过大，请缩小研究对象')

    tap('.thesis-choose__propose')
    await drawn('.thesis-propose')
    tap('.thesis-propose__submit')
    expect((await drawn('.user-form__error--title')).textContent).toBe('请填写题目')
    t.fireEvent.input($('.user-form__row--title input') as Element, { target: { value: '杭州小微企业直播电商研究' } } as never)
    tap('.thesis-propose__submit')
    await until(() => $('.user-form__error--title')?.textContent === '请选择指导教师', 'the advisor asked for')
    await openPicker($('.user-form__row--advisor .app-picker-field') as Element)
    await choose([1])
    await confirmPicker()
    await until(() => ($('.user-form__row--advisor .app-picker-field')?.textContent ?? '').includes('赵老师'), '赵老师 chosen')
    tap('.thesis-propose__submit')
    await drawn('.thesis-chosen')
    expect(h.server.last(COMMIT_TITLE)?.form).toEqual({ title: '杭州小微企业直播电商研究', advisorId: '8' })
    expect(useStore.getState().toast.title).toBe('已提交，请等待指导教师确认')
  })

  it('says why no topic may be chosen when the window has closed', async () => {
    serve('closed')
    await t.mount(StudentThesisPage)
    expect((await drawn('.thesis-choose__closed')).textContent).toBe('选题时间为2026-03-01至2026-03-20')
    expect($('.thesis-topic')).toBeNull()
    expect($('.thesis-choose__propose')).toBeNull()
  })

  it("shows a returned version with the advisor's comment and annotated file, then submits the next version", async () => {
    const next = serve('returned')
    uploadAnswers({ statusCode: 200, body: envelope(THESIS_STATES.resubmitted()) }, () => next('resubmitted'))
    await t.mount(StudentThesisPage)
    await drawn(stage('开题报告'))
    expect($(`${stage('开题报告')} .thesis-stage__due`)?.textContent).toBe('截止 2026-04-01，已延期至 2026-04-10')
    expect($('.thesis-timeline .thesis-row__extended')?.textContent).toBe('（已延期至 2026-04-10）')
    expect(texts(`${stage('开题报告')} .thesis-version__number`)).toEqual(['第1版'])
    expect(texts(`${stage('开题报告')} .thesis-version__file`)).toEqual(['开题报告.docx'])
    expect(texts(`${stage('开题报告')} .thesis-version__status`)).toEqual(['退回修改'])
    expect($('.thesis-version__comment')?.textContent).toBe('研究方法部分需要补充问卷设计')
    expect($('.thesis-version__reviewer')?.textContent).toBe('陈老师的意见')
    expect($('.thesis-version__annotated')?.textContent).toBe('开题报告-批注.pdf')
    expect($(`${stage('初稿')} .thesis-stage__refusal`)?.textContent).toBe('上一阶段通过后才能提交')
    expect($(`${stage('初稿')} .thesis-stage__submit`)).toBeNull()

    // Checked in the app first: neither a spreadsheet nor a file over 20 MB is sent.
    picks('成绩单.xlsx', MB)
    tap(`${stage('开题报告')} .thesis-stage__submit`)
    expect((await drawn(`${stage('开题报告')} .user-form__error--file`)).textContent).toBe('请上传 PDF 或 Word 文件')
    picks('开题报告-修改稿.pdf', 21 * MB)
    tap(`${stage('开题报告')} .thesis-stage__submit`)
    await until(() => $(`${stage('开题报告')} .user-form__error--file`)?.textContent === '文件不能超过20MB', 'too large refused')
    expect(uploads).toEqual([])

    picks('开题报告-修改稿.pdf', 2 * MB)
    tap(`${stage('开题报告')} .thesis-stage__submit`)
    await until(() => texts(`${stage('开题报告')} .thesis-version__number`).length === 2, 'the new version shown')
    expect(uploads).toEqual([`stage=开题报告 file ${COMMIT_FILE} blob:thesis-1 开题报告-修改稿.pdf`])
    expect(useStore.getState().toast.title).toBe('已提交，请等待指导教师审阅')
    expect(texts(`${stage('开题报告')} .thesis-version__number`)).toEqual(['第2版', '第1版'])
    expect(texts(`${stage('开题报告')} .thesis-version__status`)).toEqual(['待审阅', '退回修改'])
    expect($(`${stage('开题报告')} .thesis-stage__submit`)).toBeNull()
    expect($(`${stage('开题报告')} .thesis-stage__refusal`)?.textContent).toBe('上一版本正在审阅中，审阅后才能提交新版本')
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:thesis-1')
  })

  it("shows the server's refusal of a submission under the stage", async () => {
    serve('returned')
    const LATE = '开题报告的提交截止日期为2026-04-10，已过期'
    uploadAnswers({ statusCode: 422, body: envelope(null, 100000008, LATE) })
    await t.mount(StudentThesisPage)
    await drawn(`${stage('开题报告')} .thesis-stage__submit`)
    picks('开题报告-修改稿.docx', MB)
    tap(`${stage('开题报告')} .thesis-stage__submit`)
    expect((await drawn(`${stage('开题报告')} .user-form__error--file`)).textContent).toBe(LATE)
    expect(useStore.getState().toast.title).toBe(LATE)
    expect(uploads).toHaveLength(1)
  })

  it('shows a version handed in by the office (代传), the defence and the published score', async () => {
    serve('scored')
    await t.mount(StudentThesisPage)
    await drawn('.thesis-score')
    expect($(`${stage('定稿')} .thesis-version__meta`)?.textContent).toContain('张教务代传')
    expect($(`${stage('初稿')} .thesis-version__meta`)?.textContent).not.toContain('代传')
    expect(texts('.thesis-defence .thesis-row__label')).toEqual(['答辩时间', '答辩地点', '答辩组'])
    expect(texts('.thesis-defence .thesis-row__value')).toEqual(['2026-06-20 09:30', '教学楼A302', '陈老师、赵老师、钱老师'])
    expect(texts('.thesis-score .thesis-row__label')).toEqual(['指导教师评分', '答辩评分', '总评'])
    expect(texts('.thesis-score .thesis-row__value')).toEqual(['85', '78', '81及格'])
    expect($('.thesis-score .thesis-tag')?.className).toContain('thesis-tag--green')
  })

  it('opens a version’s file from its name', async () => {
    serve('returned')
    const open = jest.spyOn(Taro, 'openDocument').mockResolvedValue({ errMsg: 'openDocument:ok' } as never)
    jest.spyOn(Taro, 'downloadFile').mockResolvedValue({ statusCode: 200, tempFilePath: 'tmp/31.docx' } as never)
    await t.mount(StudentThesisPage)
    tap((await drawn('.thesis-version__file')) && '.thesis-version__file')
    await until(() => open.mock.calls.length === 1, 'the document opened')
    expect(Taro.downloadFile).toHaveBeenCalledWith(expect.objectContaining({ url: expect.stringContaining('/files/thesis/31.docx') }))
    expect(open.mock.calls[0]?.[0]).toMatchObject({ filePath: 'tmp/31.docx', fileType: 'docx' })
  })

  it('tells a person without a student profile so', async () => {
    h.server.on(MINE, NOT_STUDENT_REPLY)
    await t.mount(StudentThesisPage)
    expect((await drawn('.not-student')).textContent).toContain('该账号没有学员身份')
  })
})
