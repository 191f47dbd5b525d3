import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { ParcelTrack } from '../../api/parcels.ts'
import type { Mailing, MailRecord } from '../../api/textbooks.ts'
import {
  addressText,
  booksLabel,
  correctValues,
  importReport,
  importSummary,
  mailingBody,
  mailingValues,
  mayCorrect,
  mayShip,
  problemText,
  targetOf,
  tracksNewestFirst,
} from './textbooks.ts'

const mailing: Mailing = {
  id: 3,
  title: '2026年春季教材',
  term: '2026年春季',
  targetSchool: null,
  targetMajor: null,
  targetLevel: null,
  targetBatchYear: 2026,
  targetBatch: 1,
  targetClassId: null,
  targetClassName: null,
  targetLabel: '2026年1期',
  books: [
    { title: '大学英语（二）', isbn: '9787040396638', quantity: 1 },
    { title: '经济法概论', isbn: null, quantity: 2 },
  ],
  addressDeadline: '2026-03-15',
  status: '草稿',
  publishedAt: null,
  createdAt: '2026-03-01T02:00:00.000Z',
  counts: { students: 0, confirmed: 0, shipped: 0, signed: 0, received: 0, problems: 0 },
}

const address = { receiver: '林小雨', phone: '138****0000', province: '浙江省', city: '杭州市', district: null, street: '文三路 1 号' }

const record = (over: Partial<MailRecord> = {}): MailRecord => ({
  id: 9,
  mailingId: 3,
  student: { id: 1, name: '林小雨', studentNo: '20260100001', phone: '138****0000' },
  address: null,
  confirmedAt: null,
  correctedAt: null,
  state: '待确认',
  parcel: null,
  ...over,
})

describe('a mailing of textbooks', () => {
  test('a new one starts with one book to fill in, one copy of it', () => {
    assert.deepEqual(mailingValues(), { books: [{ quantity: 1 }] })
  })

  test('an edit starts from the draft: its target, its books (no ISBN left blank) and its deadline', () => {
    const values = mailingValues(mailing)
    assert.equal(values.targetBatchYear, 2026)
    assert.equal(values.targetSchool, undefined)
    assert.deepEqual(values.books[1], { title: '经济法概论', isbn: undefined, quantity: 2 })
    assert.equal(values.addressDeadline, '2026-03-15')
  })

  test('sends only the target fields set, trimmed: none set addresses every student', () => {
    assert.deepEqual(targetOf({ targetSchool: ' 浙江工商大学 ', targetMajor: '', targetBatchYear: 2026, targetClassId: null }), {
      targetSchool: '浙江工商大学',
      targetBatchYear: 2026,
    })
    assert.deepEqual(targetOf({}), {})
  })

  test('sends the books trimmed, an ISBN only when given, and the deadline as a day', () => {
    const body = mailingBody({
      title: ' 2026年春季教材 ',
      term: '2026年春季',
      targetBatch: 1,
      books: [
        { title: ' 大学英语（二） ', isbn: ' 978704039663x ', quantity: 1 },
        { title: '经济法概论', isbn: '  ', quantity: 2 },
      ],
      addressDeadline: '2026-03-15 00:00:00',
    })
    assert.deepEqual(body, {
      title: '2026年春季教材',
      term: '2026年春季',
      targetBatch: 1,
      books: [
        { title: '大学英语（二）', quantity: 1, isbn: '978704039663X' },
        { title: '经济法概论', quantity: 2 },
      ],
      addressDeadline: '2026-03-15',
    })
  })

  test('reads its books in one line: 大学英语（二）×1、经济法概论×2', () => {
    assert.equal(booksLabel(mailing.books), '大学英语（二）×1、经济法概论×2')
  })
})

describe('a student’s record', () => {
  test('an address reads as one line, without a district when there is none', () => {
    assert.equal(addressText(address), '浙江省 杭州市 文三路 1 号')
    assert.equal(addressText({ ...address, district: '西湖区' }), '浙江省 杭州市 西湖区 文三路 1 号')
  })

  test('is shipped only once its address is confirmed, and corrected only until it is shipped', () => {
    assert.equal(mayShip(record()), false)
    const confirmed = record({ address, confirmedAt: '2026-03-02T02:00:00.000Z', state: '已确认' })
    assert.equal(mayShip(confirmed), true)
    assert.equal(mayCorrect(confirmed), true)
    const parcel = {
      id: 5,
      title: '2026年春季教材',
      carrier: 'shunfeng',
      carrierName: '顺丰速运',
      waybillNo: 'SF1234567890',
      state: '在途',
      exception: null,
      shippedAt: '2026-03-03T02:00:00.000Z',
      lastTrackAt: null,
      lastContext: null,
      signedAt: null,
      receivedAt: null,
    } as const
    assert.equal(mayCorrect({ ...confirmed, parcel }), false)
  })

  test('更正地址 starts from the address on file (its masked phone kept as shown), or the student’s name when there is none', () => {
    assert.deepEqual(correctValues(record({ address })), {
      receiver: '林小雨',
      phone: '138****0000',
      province: '浙江省',
      city: '杭州市',
      district: undefined,
      street: '文三路 1 号',
    })
    assert.deepEqual(correctValues(record()), { receiver: '林小雨', phone: '', province: '', city: '', street: '' })
  })
})

describe('parcels', () => {
  test('a problem says what it means; 停滞 with the days that make it', () => {
    assert.equal(problemText('停滞', 3), '超过3天无新轨迹')
    assert.equal(problemText('退签', 3), '快递被退回或收件人拒收')
    assert.equal(problemText('无记录', undefined), '快递公司查不到这个运单号')
  })

  test('tracks show newest first', () => {
    const t = (time: string): ParcelTrack => ({ time, context: time, status: null, areaName: null })
    const shown = tracksNewestFirst([t('2026-03-03T01:00:00Z'), t('2026-03-04T01:00:00Z'), t('2026-03-02T01:00:00Z')])
    assert.deepEqual(
      shown.map((x) => x.time),
      ['2026-03-04T01:00:00Z', '2026-03-03T01:00:00Z', '2026-03-02T01:00:00Z'],
    )
  })
})

describe('the waybill import’s report', () => {
  test('a taken file counts every row imported and says how many shipped, changed and stayed', () => {
    const report = importReport({ total: 12, shipped: 10, changed: 1, unchanged: 1, refused: [] })
    assert.equal(report.imported, 12)
    assert.equal(report.failed, 0)
    assert.equal(importSummary(report), '共 12 行：新发货 10，更换运单 1，未变 1')
  })

  test('with a refused row nothing is imported, and each refused row counts once however many reasons it has', () => {
    const report = importReport({
      total: 3,
      shipped: 2,
      changed: 0,
      unchanged: 0,
      refused: [
        { row: 3, reason: '学号不在本次邮寄名单中' },
        { row: 3, reason: '运单号应为6到30位字母或数字' },
      ],
    })
    assert.equal(report.imported, 0)
    assert.equal(report.failed, 1)
    assert.equal(report.errors.length, 2)
  })
})
