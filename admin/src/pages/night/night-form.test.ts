import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { nightBody, nightRefusal, nightValues } from './night-form.ts'

describe('a night class form', () => {
  test('the evening picked on the office clock goes out as instants, and comes back the same', () => {
    const values = {
      ...nightValues(),
      title: ' 会计基础 ',
      subject: '会计学',
      teacher: '王老师',
      place: '301',
      time: ['2026-12-01 19:00', '2026-12-01 21:00'] as [string, string],
    }
    assert.equal(nightRefusal(values), null)
    const body = nightBody(values)
    assert.equal(body.title, '会计基础')
    assert.equal(body.startsAt, '2026-12-01T11:00:00.000Z')
    assert.equal(body.endsAt, '2026-12-01T13:00:00.000Z')
    assert.equal(body.capacity, 30)
    const back = nightValues({
      ...body,
      id: 1,
      published: false,
      description: '',
      seatsLeft: 30,
      phase: '未开始',
      signedUpCount: 0,
      attendedCount: 0,
      createdAt: body.startsAt,
      checkInUrl: '',
    } as never)
    assert.deepEqual(back.time, values.time)
    assert.equal(body.fixedCodeEnabled, true)
    assert.equal(nightBody({ ...values, fixedCodeEnabled: false }).fixedCodeEnabled, false)
  })

  test('no time, or an end before the start, is refused before sending', () => {
    assert.equal(nightRefusal(nightValues()), '请选择上课时间')
    assert.equal(nightRefusal({ ...nightValues(), time: ['2026-12-01 21:00', '2026-12-01 19:00'] }), '结束时间必须晚于开始时间')
  })
})
