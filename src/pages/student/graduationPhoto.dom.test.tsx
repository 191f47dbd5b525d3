import Taro from '@tarojs/taro'
import TestUtils from '@tarojs/test-utils-react'
import { until } from '../../components/testing'
import { envelope } from '../../request/testing/server'
import { useStore } from '../../store'
import { NOT_STUDENT_REPLY, drawn, openAt, studentPageHarness } from '../../testing/student-pages'
import { MINE, PHOTO_STATES, UPLOAD } from '../../testing/graduation-photo'
import StudentGraduationPhotoPage from './graduationPhoto'

jest.mock('@tarojs/taro', () =>
  jest.requireActual('../../testing/taro-mock').taroWithout(['useDidShow', 'usePullDownRefresh', 'useReachBottom']),
)

const KB = 1024

describe('毕业照片', () => {
  const h = studentPageHarness()
  let t: TestUtils
  let uploads: string[]
  beforeEach(() => {
    t = new TestUtils()
    openAt('/pages/student/graduationPhoto')
    uploads = []
  })
  afterEach(() => t.unmout())

  const $ = (selector: string) => document.querySelector(selector)
  const texts = (selector: string) => Array.from(document.querySelectorAll(selector)).map((e) => e.textContent)
  /** /mine answers `state`, and after each upload the state `next` says. */
  function serve(state: keyof typeof PHOTO_STATES) {
    let current = PHOTO_STATES[state]()
    h.server.on(MINE, () => ({ body: envelope(current) }))
    return (next: keyof typeof PHOTO_STATES) => void (current = PHOTO_STATES[next]())
  }
  /** The album gives a photo of this size, type and dimensions. */
  function picks({ kb, width, height, type = 'image/jpeg' }: { kb: number; width: number; height: number; type?: string }) {
    jest.spyOn(Taro, 'chooseImage').mockResolvedValue({
      tempFilePaths: ['blob:photo-1'],
      tempFiles: [{ path: 'blob:photo-1', size: Math.round(kb * KB), type }],
      errMsg: 'chooseImage:ok',
    } as never)
    jest.spyOn(Taro, 'getImageInfo').mockResolvedValue({ width, height, path: 'blob:photo-1', errMsg: 'getImageInfo:ok' } as never)
  }
  /** The server's answer to an upload (recorded in `uploads`). */
  function uploadAnswers(reply: { statusCode: number; body: unknown }, onUpload?: () => void) {
    jest.spyOn(Taro, 'uploadFile').mockImplementation(((options: Taro.uploadFile.Option) => {
      uploads.push(`${options.name} ${new URL(options.url).pathname} ${options.filePath}`)
      onUpload?.()
      return Promise.resolve({ statusCode: reply.statusCode, data: JSON.stringify(reply.body) })
    }) as never)
  }
  const tapUpload = () => t.fireEvent.click($('.photo-current__upload') as Element)

  it('shows the specification: 480×640 pixels, JPG, 10KB-100KB, a light blue background and the deadline', async () => {
    serve('none')
    await t.mount(StudentGraduationPhotoPage)
    await drawn('.photo-spec')
    expect($('.photo-spec .photo-card__title')?.textContent).toBe('2026年1期毕业照片采集')
    expect(texts('.photo-row__label')).toEqual(['尺寸', '格式', '大小', '背景', '截止日期'])
    expect(texts('.photo-row__value')).toEqual(['480×640像素（宽×高）', 'JPG', '10KB–100KB', '浅蓝色', '2026-06-30'])
    expect($('.photo-current__none')?.textContent).toBe('还没有上传照片')
    expect($('.photo-current__upload')?.textContent).toBe('上传照片')
  })

  it('refuses a photo too large, or of other dimensions, in the app, sending nothing', async () => {
    serve('none')
    uploadAnswers({ statusCode: 200, body: envelope(PHOTO_STATES.pending()) })
    await t.mount(StudentGraduationPhotoPage)
    await drawn('.photo-current__upload')

    picks({ kb: 180, width: 480, height: 640 })
    tapUpload()
    expect((await drawn('.user-form__error--refusal')).textContent).toBe('照片大小为180KB，要求在10KB到100KB之间')

    picks({ kb: 50, width: 600, height: 800 })
    tapUpload()
    await until(
      () => $('.user-form__error--refusal')?.textContent === '照片尺寸为600×800像素，要求宽480像素、高640像素',
      'the dimensions refused',
    )

    picks({ kb: 50, width: 480, height: 640, type: 'image/png' })
    tapUpload()
    await until(() => $('.user-form__error--refusal')?.textContent === '照片必须是 JPG 格式', 'a PNG refused')
    expect(uploads).toEqual([])
  })

  it('uploads a good photo, then shows it under review with its steps, and no more upload button', async () => {
    const next = serve('none')
    uploadAnswers({ statusCode: 200, body: envelope(PHOTO_STATES.pending()) }, () => next('pending'))
    picks({ kb: 50, width: 480, height: 640 })
    await t.mount(StudentGraduationPhotoPage)
    await drawn('.photo-current__upload')
    tapUpload()
    await drawn('.photo-current__image')
    expect(uploads).toEqual([`file ${UPLOAD} blob:photo-1`])
    expect(useStore.getState().toast.title).toBe('已上传，请等待审核')
    expect($('.photo-current__status')?.textContent).toBe('审批中')
    expect($('.photo-current__image img')?.getAttribute('alt')).toBe('我的毕业照片')
    expect(texts('.photo-step__name')).toEqual(['班主任审核', '教务处审核'])
    expect(texts('.photo-step__waiting')).toEqual(['等待王老师审批', '审批人：李主任'])
    expect($('.photo-current__upload')).toBeNull()
    expect($('.photo-current__refusal')?.textContent).toBe('照片正在审核中，审核结束后才能重新上传')
  })

  it("shows the server's refusal of an upload under the button", async () => {
    serve('none')
    const REFUSED = '照片大小为9.5KB，要求在10KB到100KB之间'
    uploadAnswers({ statusCode: 400, body: envelope(null, 100000001, REFUSED) })
    picks({ kb: 50, width: 480, height: 640 })
    await t.mount(StudentGraduationPhotoPage)
    await drawn('.photo-current__upload')
    tapUpload()
    expect((await drawn('.user-form__error--refusal')).textContent).toBe(REFUSED)
    expect(useStore.getState().toast.title).toBe(REFUSED)
    expect(uploads).toHaveLength(1)
  })

  it("shows a refused photo with the approver's reason, and offers to upload again", async () => {
    serve('refused')
    await t.mount(StudentGraduationPhotoPage)
    await drawn('.photo-current__reason')
    expect($('.photo-current__status')?.textContent).toBe('已驳回')
    expect($('.photo-current__reason')?.textContent).toBe('驳回原因：背景不是浅蓝色，请重新拍摄')
    expect(texts('.photo-step__actor')).toEqual(['王老师 驳回'])
    expect($('.photo-current__upload')?.textContent).toBe('重新上传')
  })

  it('shows an approved photo without an upload button, and the earlier photos', async () => {
    serve('approved')
    await t.mount(StudentGraduationPhotoPage)
    await drawn('.photo-history')
    expect($('.photo-current__status')?.textContent).toBe('已通过')
    expect($('.photo-current__upload')).toBeNull()
    expect($('.photo-current__refusal')?.textContent).toBe('照片已审核通过，不能再更换')
    expect($('.photo-current__reason')).toBeNull()
    expect(texts('.photo-step__actor')).toEqual(['王老师 同意', '李主任 同意'])
    expect(texts('.photo-history__item .photo-tag')).toEqual(['已驳回'])
    expect($('.photo-history__image img')?.getAttribute('alt')).toBe('历史照片1')
  })

  it("says so when the student's batch has not begun collecting photos", async () => {
    serve('notOpened')
    await t.mount(StudentGraduationPhotoPage)
    expect((await drawn('.app-empty')).textContent).toBe('你所在的批次还没有开始毕业照片采集')
    expect($('.photo-spec')).toBeNull()
  })

  it('tells a person without a student profile so', async () => {
    h.server.on(MINE, NOT_STUDENT_REPLY)
    await t.mount(StudentGraduationPhotoPage)
    expect((await drawn('.not-student')).textContent).toContain('该账号没有学员身份')
  })
})
