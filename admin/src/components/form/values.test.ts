import assert from 'node:assert/strict'
import { test } from 'node:test'
import dayjs from 'dayjs'
import { fromPicker, omitNil, toPicker } from './values'

test('a form hands on its values without the empty entries, at every depth', () => {
  const values = omitNil({
    name: '张三',
    departmentId: null,
    remark: undefined,
    count: 0,
    blank: '',
    off: false,
    items: [
      { name: '学费', unitPrice: undefined },
      { name: null, quantity: 2 },
    ],
    window: ['2026-12-01 08:00:00', '2026-12-01 10:00:00'],
  })
  assert.deepEqual(values, {
    name: '张三',
    count: 0,
    blank: '',
    off: false,
    items: [{ name: '学费' }, { quantity: 2 }],
    window: ['2026-12-01 08:00:00', '2026-12-01 10:00:00'],
  })
})

test('a date-time field holds wall-clock text; the picker gets and gives a day', () => {
  const day = toPicker('2026-12-04 20:30:00')
  assert.equal(day?.format('YYYY-MM-DD HH:mm'), '2026-12-04 20:30')
  assert.equal(fromPicker(dayjs('2026-12-04T20:30:15')), '2026-12-04 20:30:15')
  assert.equal(toPicker(''), undefined)
  assert.equal(toPicker(null), undefined)
  assert.equal(toPicker('not a time'), undefined)
  assert.equal(fromPicker(null), undefined)
})
