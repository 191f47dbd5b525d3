import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import ExcelJS from 'exceljs'
import { adminClient, partnerClient } from '../../../../test/fixtures.ts'
import { buildTestApp, type Client, createClient, type TestApp } from '../../../../test/helper.ts'
import { multipart, xlsx } from '../../../../test/xlsx.ts'
import { zipUncompressedSize } from '../../../lib/spreadsheet.ts'

const RESULT_HEADER = ['姓名', '考生号', '总分', '录取院校', '录取专业', '批次', '科类', '年份']
const LINE_HEADER = ['年份', '批次', '科类', '分数线']

const upload = (client: Client, path: string, data: Buffer, filename?: string) =>
  client.inject({ method: 'POST', url: `/api/ems/adultexam/${path}/upload`, ...multipart(data, filename) })

describe('volunteer query data: spreadsheet import and the public query', () => {
  let t: TestApp
  let teacher: Client
  before(async () => {
    t = await buildTestApp()
    teacher = (await adminClient(t.app, '招生老师')).client
  })
  after(async () => t.close())

  test('the templates download as .xlsx with the columns the import reads', async () => {
    for (const [path, header] of [
      ['studentExamInfo', RESULT_HEADER],
      ['scoreLine', LINE_HEADER],
    ] as const) {
      const res = await teacher.get(`/api/ems/adultexam/${path}/downloadMould`)
      assert.equal(res.statusCode, 200)
      assert.equal(res.headers['content-type'], 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      assert.match(String(res.headers['content-disposition']), /^attachment; filename="template.xlsx"; filename\*=UTF-8''%E/)
      const workbook = new ExcelJS.Workbook()
      await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer)
      const first = workbook.worksheets[0]!.getRow(1).values as unknown[]
      assert.deepEqual(first.slice(1), header)
      assert.equal(workbook.worksheets[1]!.name, '填写说明')
    }
  })

  test('valid rows are imported and each bad row is reported with its row number and reason', async () => {
    const file = await xlsx([
      RESULT_HEADER,
      ['张三', '2026330100001', 286, '浙江开放大学', '工商管理', '专升本', '经管类', 2026],
      ['李四', '2026330100002', '301.5', '', '', '专升本', '经管类', '2026'],
      ['王五', '20263301', 250, '', '', '专升本', '', 2026],
      ['赵六', '2026330100004', '二百五', '', '', '专升本', '', 2026],
      ['钱七', '2026330100001', 200, '', '', '专升本', '', 2026],
      ['', '2026330100006', 200, '', '', '专升本', '', 2026],
      ['孙八', '2026330100007', 200, '', '会计学', '专升本', '', 2026],
      ['周九', '2026330100008', 1200, '', '', '专升本', '', 26],
      [],
      ['吴十', '2026330100010', 199, '浙江大学', '金融学', '高起本', '理工类', 2026],
    ])
    const res = await upload(teacher, 'studentExamInfo', file)
    assert.equal(res.statusCode, 200, res.body)
    assert.deepEqual(res.json().data, {
      total: 9,
      imported: 3,
      inserted: 3,
      updated: 0,
      failed: 6,
      errors: [
        { row: 4, reason: '考生号格式不正确（应为10-18位数字）' },
        { row: 5, reason: '总分不是数字' },
        { row: 6, reason: '考生号与第2行重复（同一年份）' },
        { row: 7, reason: '姓名不能为空' },
        { row: 8, reason: '填写了录取专业但缺少录取院校' },
        { row: 9, reason: '总分超出范围（0-1000）；年份不正确（应为2000-2100的四位数字）' },
      ],
    })
    const list = (await teacher.get('/api/ems/adultexam/studentExamInfo/list', { year: 2026 })).json().data
    assert.deepEqual(list.list.map((r: { name: string }) => r.name).sort(), ['吴十', '张三', '李四'])
    assert.equal(list.list.find((r: { name: string }) => r.name === '李四').totalScore, 301.5)

    // Importing again updates by year + exam number.
    const again = await upload(
      teacher,
      'studentExamInfo',
      await xlsx([RESULT_HEADER, ['张三', '2026330100001', 290, '浙江开放大学', '会计学', '专升本', '经管类', 2026]]),
    )
    assert.deepEqual([again.json().data.inserted, again.json().data.updated], [0, 1])
    assert.equal((await teacher.get('/api/ems/adultexam/studentExamInfo/list', { keyword: '张三' })).json().data.list[0].major, '会计学')
  })

  test('score lines import the same way; duplicates within a file name the first row', async () => {
    const res = await upload(
      teacher,
      'scoreLine',
      await xlsx([
        LINE_HEADER,
        [2026, '专升本', '经管类', 120],
        [2026, '专升本', '理工类', 125],
        [2026, '专升本', '经管类', 130],
        [2026, '高起本', '理工类', 'abc'],
        [2026, '', '文史类', 100],
      ]),
    )
    assert.equal(res.statusCode, 200, res.body)
    assert.deepEqual(res.json().data.errors, [
      { row: 4, reason: '与第2行重复（年份、批次、科类相同）' },
      { row: 5, reason: '分数线不是数字' },
      { row: 6, reason: '批次不能为空' },
    ])
    assert.equal(res.json().data.imported, 2)
    await upload(teacher, 'scoreLine', await xlsx([LINE_HEADER, [2026, '高起本', '理工类', 200]]))
    assert.equal((await teacher.get('/api/ems/adultexam/scoreLine/list', { year: 2026 })).json().data.total, 3)
  })

  test('a person finds their result with name and exam number, with the score lines of their batch and category', async () => {
    const client = createClient(t.app)
    const res = await client.get('/api/ems/adultexam/volunteer/query', { name: '张三', examNo: '2026330100001' })
    assert.equal(res.statusCode, 200, res.body)
    assert.deepEqual(res.json().data, {
      name: '张三',
      examNo: '2026330100001',
      year: 2026,
      totalScore: 290,
      batch: '专升本',
      category: '经管类',
      admitted: true,
      school: '浙江开放大学',
      major: '会计学',
      scoreLines: [{ year: 2026, batch: '专升本', category: '经管类', score: 120, reached: true }],
    })
    const notAdmitted = (await client.get('/api/ems/adultexam/volunteer/query', { name: '李四', examNo: '2026330100002' })).json().data
    assert.deepEqual([notAdmitted.admitted, notAdmitted.school], [false, null])
    const low = (await client.get('/api/ems/adultexam/volunteer/query', { name: '吴十', examNo: '2026330100010' })).json().data
    assert.deepEqual(low.scoreLines, [{ year: 2026, batch: '高起本', category: '理工类', score: 200, reached: false }])
  })

  test('a wrong name, an unknown exam number or a malformed one gets a clear answer and reveals nothing', async () => {
    const client = createClient(t.app)
    for (const q of [
      { name: '张四', examNo: '2026330100001' },
      { name: '张三', examNo: '2026330199999' },
    ]) {
      const res = await client.get('/api/ems/adultexam/volunteer/query', q)
      assert.deepEqual([res.statusCode, res.json().message], [404, '未查询到录取信息，请核对姓名和考生号'])
    }
    assert.equal(
      (await client.get('/api/ems/adultexam/volunteer/query', { name: '张三', examNo: '2026-33' })).json().message,
      '考生号格式不正确',
    )
    assert.equal((await client.get('/api/ems/adultexam/volunteer/query', { examNo: '2026330100001' })).json().message, '请填写姓名')
    assert.equal((await client.get('/api/ems/adultexam/volunteer/query', { name: '张三' })).json().message, '请填写考生号')
  })

  test('a file that is not an .xlsx, has the wrong columns or no rows is a 400 and imports nothing', async () => {
    const before = (await teacher.get('/api/ems/adultexam/studentExamInfo/list')).json().data.total
    const notXlsx = await upload(teacher, 'studentExamInfo', Buffer.from('姓名,考生号\n张三,2026330100001\n'), 'data.xlsx')
    assert.deepEqual([notXlsx.statusCode, notXlsx.json().message], [400, '请上传 .xlsx 格式的 Excel 文件（可先下载模板）'])
    const renamed = await upload(
      teacher,
      'studentExamInfo',
      await xlsx([RESULT_HEADER, ['张', '2026330100099', 1, '', '', '专升本', '', 2026]]),
      'data.csv',
    )
    assert.equal(renamed.statusCode, 400)
    const oldExcel = await upload(
      teacher,
      'studentExamInfo',
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]),
      'data.xls',
    )
    assert.equal(oldExcel.statusCode, 400)
    const brokenZip = await upload(teacher, 'studentExamInfo', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100)]), 'data.xlsx')
    assert.equal(brokenZip.statusCode, 400)
    const header = await upload(
      teacher,
      'studentExamInfo',
      await xlsx([
        ['姓名', '总分'],
        ['张三', 1],
      ]),
    )
    assert.deepEqual([header.statusCode, header.json().message], [400, '表头与模板不一致：缺少列 考生号、批次、年份（请下载模板填写）'])
    const empty = await upload(teacher, 'studentExamInfo', await xlsx([RESULT_HEADER]))
    assert.deepEqual([empty.statusCode, empty.json().message], [400, '文件中没有数据行'])
    const form = await teacher.post('/api/ems/adultexam/studentExamInfo/upload', { file: 'x' })
    assert.deepEqual([form.statusCode, form.json().message], [400, '请选择要上传的 Excel 文件（字段名 file）'])
    const noFile = await teacher.inject({
      method: 'POST',
      url: '/api/ems/adultexam/studentExamInfo/upload',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    })
    assert.equal(noFile.statusCode, 400)
    assert.equal((await teacher.get('/api/ems/adultexam/studentExamInfo/list')).json().data.total, before)
  })

  test('operators remove single records; lists filter and page', async () => {
    const list = (await teacher.get('/api/ems/adultexam/studentExamInfo/list', { keyword: '20263301000', size: 1 })).json().data
    assert.equal(list.list.length, 1)
    assert.ok(list.total >= 3)
    assert.equal((await teacher.del('/api/ems/adultexam/studentExamInfo', { id: list.list[0].id })).statusCode, 200)
    assert.equal((await teacher.del('/api/ems/adultexam/studentExamInfo', { id: list.list[0].id })).statusCode, 404)
    const line = (await teacher.get('/api/ems/adultexam/scoreLine/list', { year: 2026, batch: '高起本' })).json().data.list[0]
    assert.equal((await teacher.del('/api/ems/adultexam/scoreLine', { id: line.id })).statusCode, 200)
    assert.equal((await teacher.get('/api/ems/adultexam/scoreLine/list', { year: 1999 })).json().message, '年份不能小于2000')
  })

  test('import routes need an enrolment teacher or administrator; the query is public', async () => {
    const file = await xlsx([RESULT_HEADER, ['甲', '2026330100100', 1, '', '', '专升本', '', 2026]])
    const { client: partner } = await partnerClient(t.app)
    assert.equal((await upload(partner, 'studentExamInfo', file)).statusCode, 401)
    assert.equal((await partner.get('/api/ems/adultexam/studentExamInfo/downloadMould')).statusCode, 401)
    const { client: finance } = await adminClient(t.app, '财务')
    assert.equal((await upload(finance, 'scoreLine', file)).statusCode, 403)
    assert.equal((await finance.get('/api/ems/adultexam/scoreLine/list')).statusCode, 403)
    assert.equal((await upload(createClient(t.app), 'studentExamInfo', file)).statusCode, 401)
  })
})

describe('upload limits and the query rate limit', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp({ env: { UPLOAD_LIMIT_BYTES: '4096', RATE_LIMIT: 'on' } })
  })
  after(async () => t.close())

  test('a file over the upload limit is a 413', async () => {
    const { client } = await adminClient(t.app, '招生老师')
    const rows = [
      RESULT_HEADER,
      ...Array.from({ length: 400 }, (_, i) => [
        `考生${i}`,
        String(2026330200000 + i),
        100 + (i % 300),
        '某某大学',
        '某某专业',
        '专升本',
        '经管类',
        2026,
      ]),
    ]
    const res = await upload(client, 'studentExamInfo', await xlsx(rows))
    assert.deepEqual([res.statusCode, res.json().message], [413, '文件不能超过4KB'])
  })

  test('the public query is rate-limited per IP', async () => {
    const client = createClient(t.app)
    const statuses: number[] = []
    for (let i = 0; i < 21; i++)
      statuses.push((await client.get('/api/ems/adultexam/volunteer/query', { name: '张三', examNo: '2026330100001' })).statusCode)
    assert.deepEqual(statuses.slice(0, 20), Array(20).fill(404))
    assert.equal(statuses[20], 429)
  })
})

test('the zip reader refuses what is not a zip and sums what is', async () => {
  assert.equal(zipUncompressedSize(Buffer.from('hello')), undefined)
  const size = zipUncompressedSize(await xlsx([['a']]))
  assert.ok(size !== undefined && size > 1000)
})
