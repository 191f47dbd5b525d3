import { footerStatus, hasMore, mergePage, nextCursorOf } from './list-logic'

const page = (ids: number[], total: number, n = 1) => ({ list: ids.map((id) => ({ id })), total, page: n, size: 10 })

describe('a paged dashboard list', () => {
  it('shows the first page in place of whatever was shown (a refresh or a new filter)', () => {
    expect(mergePage([{ id: 9 }, { id: 8 }], page([3, 2, 1], 3), 1)).toEqual([{ id: 3 }, { id: 2 }, { id: 1 }])
  })

  it('appends a later page under the rows already shown', () => {
    expect(mergePage([{ id: 5 }, { id: 4 }], page([3, 2], 4, 2), 2).map((r) => r.id)).toEqual([5, 4, 3, 2])
  })

  it('does not show a row twice when a new row pushed it onto the next page', () => {
    expect(mergePage([{ id: 5 }, { id: 4 }], page([4, 3], 5, 2), 2).map((r) => r.id)).toEqual([5, 4, 3])
  })

  it('has more to load until every row of the total is shown', () => {
    expect(hasMore(0, undefined)).toBe(true)
    expect(hasMore(10, 11)).toBe(true)
    expect(hasMore(11, 11)).toBe(false)
    expect(hasMore(0, 0)).toBe(false)
  })

  it('shows loading while a page is on its way, then more or the end of the list', () => {
    expect(footerStatus({ loading: true, shownCount: 0, total: undefined })).toBe('loading')
    expect(footerStatus({ loading: false, shownCount: 10, total: 25 })).toBe('more')
    expect(footerStatus({ loading: false, shownCount: 25, total: 25 })).toBe('nomore')
  })

  it('a list that pages by cursor has more while the server hands out a cursor, whatever the total says', () => {
    expect(nextCursorOf({ ...page([3, 2], 30), nextCursor: 'abc' })).toBe('abc')
    expect(nextCursorOf({ ...page([3, 2], 30), nextCursor: null })).toBeNull()
    expect(nextCursorOf(page([3, 2], 30))).toBeUndefined()
    // A clue added meanwhile raised the total, but nothing follows the last row shown.
    expect(hasMore(11, 12, null)).toBe(false)
    expect(hasMore(10, 10, 'abc')).toBe(true)
    expect(hasMore(10, 11, undefined)).toBe(true)
    expect(footerStatus({ loading: false, shownCount: 11, total: 12, cursor: null })).toBe('nomore')
    expect(footerStatus({ loading: false, shownCount: 10, total: 25, cursor: 'abc' })).toBe('more')
  })
})
