import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { cleanFilters, exportQuery, readListState, serverSort, sortFromTable, toServerQuery, writeListState } from './list-state.ts'

const options = { arrayKeys: ['registered'] }

describe("a list's filters, page and sort live in its address", () => {
  test('a shared link gives back the filters, the page, the size and the sort it was made with', () => {
    const state = {
      filters: { status: '待审核', keyword: '张', registered: ['2025-01-01', '2025-01-31'] },
      page: 3,
      size: 50,
      sort: { field: 'createdAt', order: 'descend' as const },
    }
    const search = writeListState(state, options)
    assert.equal(
      search.toString(),
      'keyword=%E5%BC%A0&registered=2025-01-01&registered=2025-01-31&status=%E5%BE%85%E5%AE%A1%E6%A0%B8&page=3&size=50&sort=createdAt.descend',
    )
    assert.deepEqual(readListState(new URLSearchParams(search.toString()), options), state)
  })

  test('the first page, the default size and no sort leave the address clean', () => {
    assert.equal(writeListState({ filters: {}, page: 1, size: 20 }).toString(), '')
  })

  test('a hand-edited address with a bad page, size or sort falls back to the defaults', () => {
    const state = readListState(new URLSearchParams('page=-2&size=7&sort=createdAt.sideways&status='))
    assert.deepEqual(state, { filters: {}, page: 1, size: 20 })
    assert.equal(readListState(new URLSearchParams('page=abc')).page, 1)
    assert.equal(readListState(new URLSearchParams('page=2.5')).page, 1)
  })

  test('a single-valued filter given twice keeps the first; a range keeps both ends', () => {
    const state = readListState(new URLSearchParams('status=a&status=b&registered=2025-01-01&registered=2025-02-01'), options)
    assert.deepEqual(state.filters, { status: 'a', registered: ['2025-01-01', '2025-02-01'] })
  })

  test('empty form fields, paging keys and internal keys are not filters', () => {
    const dayjsLike = { format: (f: string) => (f === 'YYYY-MM-DD' ? '2025-03-04' : 'x') }
    assert.deepEqual(
      cleanFilters({
        keyword: '  ',
        status: undefined,
        partnerId: 12,
        range: ['2025-01-01', null, '2025-01-31'],
        day: dayjsLike,
        none: [],
        current: 2,
        pageSize: 20,
        _timestamp: 123,
      }),
      { partnerId: '12', range: ['2025-01-01', '2025-01-31'], day: '2025-03-04' },
    )
  })

  test("ProTable's sort argument gives the first ordered column", () => {
    assert.deepEqual(sortFromTable({ amount: null, createdAt: 'ascend' }), { field: 'createdAt', order: 'ascend' })
    assert.equal(sortFromTable({}), undefined)
    assert.equal(sortFromTable(undefined), undefined)
  })

  test("a list's state becomes the server's query: ranges spread over dateFrom/dateTo, sort as field_asc/field_desc", () => {
    const state = {
      filters: { status: '待审核', registered: ['2025-01-01', '2025-01-31'] },
      page: 2,
      size: 50,
      sort: { field: 'createdAt', order: 'ascend' as const },
    }
    assert.deepEqual(toServerQuery(state, { ranges: { registered: ['dateFrom', 'dateTo'] } }), {
      page: 2,
      size: 50,
      status: '待审核',
      dateFrom: '2025-01-01',
      dateTo: '2025-01-31',
      sort: 'createdAt_asc',
    })
    assert.deepEqual(toServerQuery({ filters: {}, page: 1, size: 20, sort: { field: 'createdAt', order: 'descend' } }), {
      page: 1,
      size: 20,
      sort: 'createdAt_desc',
    })
  })

  test("a column sort becomes the server's sort only for the columns the server sorts by", () => {
    assert.equal(serverSort({ field: 'amount', order: 'ascend' }, ['createdAt', 'amount']), 'amount_asc')
    assert.equal(serverSort({ field: 'createdAt', order: 'descend' }, ['createdAt', 'amount']), 'createdAt_desc')
    assert.equal(serverSort({ field: 'payoutName', order: 'ascend' }, ['createdAt', 'amount']), undefined)
    assert.equal(serverSort(undefined, ['createdAt']), undefined)
    // What a hand-edited address gives is checked the same way.
    const state = readListState(new URLSearchParams('sort=amount.ascend'))
    assert.equal(serverSort(state.sort, ['createdAt']), undefined)
  })

  test('a list that sorts by some columns only sends those, else its default order', () => {
    const options = { ranges: { applied: ['dateFrom', 'dateTo'] }, sorts: ['createdAt', 'amount'], defaultSort: 'createdAt_desc' } as const
    const base = { filters: { status: '审核中', applied: ['2025-03-01', '2025-03-31'] }, page: 1, size: 20 }
    assert.deepEqual(toServerQuery({ ...base, sort: { field: 'amount', order: 'ascend' } }, options), {
      page: 1,
      size: 20,
      status: '审核中',
      dateFrom: '2025-03-01',
      dateTo: '2025-03-31',
      sort: 'amount_asc',
    })
    assert.equal(toServerQuery({ ...base, sort: { field: 'payoutName', order: 'ascend' } }, options).sort, 'createdAt_desc')
    assert.equal(toServerQuery(base, options).sort, 'createdAt_desc')
    assert.equal(toServerQuery(base, { sorts: ['createdAt'] }).sort, undefined)
  })

  test("an export takes the list's filters and sort without its paging", () => {
    const state = { filters: { status: '待审核', registered: ['2025-01-01', '2025-01-31'] }, page: 3, size: 50 }
    assert.deepEqual(exportQuery(state, { ranges: { registered: ['dateFrom', 'dateTo'] } }), {
      status: '待审核',
      dateFrom: '2025-01-01',
      dateTo: '2025-01-31',
    })
    assert.deepEqual(exportQuery(undefined), {})
  })
})
