import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { describeChange } from './audit-change.ts'

describe("an audit entry's before and after read as a person would say them", () => {
  test('a paid withdrawal shows its status change, its amount in yuan and the transaction number', () => {
    const rows = describeChange({ status: '审核中', amount: 10000 }, { status: '已打款', amount: 10000, transactionNo: 'TX-1' })
    assert.deepEqual(rows, [
      { field: 'status', label: '状态', before: '审核中', after: '已打款', changed: true },
      { field: 'amount', label: '金额', before: '¥100.00', after: '¥100.00', changed: false },
      { field: 'transactionNo', label: '交易流水号', before: '-', after: 'TX-1', changed: true },
    ])
  })

  test('an adjustment shows the balance before and after and the signed amount', () => {
    const rows = describeChange({ balance: 5000 }, { balance: 4950, amount: -50 })
    assert.deepEqual(
      rows.map((r) => [r.label, r.before, r.after]),
      [
        ['余额', '¥50.00', '¥49.50'],
        ['金额', '-', '-¥0.50'],
      ],
    )
  })

  test('an entry without before (an import) or without anything lists what there is', () => {
    assert.deepEqual(describeChange(null, { imported: 3 }), [
      { field: 'imported', label: '导入条数', before: '-', after: '3', changed: true },
    ])
    assert.deepEqual(describeChange(null, null), [])
  })

  test('a field without a Chinese name keeps its own name, and nothing is shown as [object Object]', () => {
    const [row] = describeChange({ custom: { a: 1 } }, { custom: null })
    assert.equal(row?.label, 'custom')
    assert.equal(row?.before, '{"a":1}')
    assert.equal(row?.after, '-')
  })
})
