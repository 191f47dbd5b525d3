import type { LoadMoreStatus } from '../components/load-more'
import type { CursorPage, Page } from '@activity/wire'

/**
 * Paged lists of the dashboard (clues, fund records, deals, withdrawals): what a page of the
 * answer does to the rows shown, and which footer the list shows. Pure, for the hook in
 * paged-list.ts and its tests.
 */

/** Rows per page: a phone screen and a half, so the load-more footer is met early. */
export const LIST_PAGE_SIZE = 10

/**
 * The rows after page `pageNo` answered: page 1 replaces, later pages append. A row already
 * shown is not shown twice (a clue added meanwhile shifts the next page by one).
 */
export function mergePage<T extends { id: number }>(shown: T[], page: Page<T>, pageNo: number): T[] {
  if (pageNo <= 1) return page.list
  const seen = new Set(shown.map((row) => row.id))
  return [...shown, ...page.list.filter((row) => !seen.has(row.id))]
}

/**
 * The cursor a page hands out for the next one: the cursor (null: the list ends here) when the
 * list pages by keyset, undefined when it pages by number only.
 */
export function nextCursorOf<T>(page: Page<T> | CursorPage<T>): string | null | undefined {
  return 'nextCursor' in page ? page.nextCursor : undefined
}

/**
 * Whether more rows are left to load: by the list's cursor when it has one (rows added meanwhile
 * change the total, not what follows the last row shown), else until every row of the total is shown.
 */
export function hasMore(shownCount: number, total: number | undefined, cursor?: string | null): boolean {
  if (cursor !== undefined) return cursor !== null
  return total === undefined || shownCount < total
}

/** The load-more footer's state: loading while a page is on its way, nomore once all are shown. */
export function footerStatus({
  loading,
  shownCount,
  total,
  cursor,
}: {
  loading: boolean
  shownCount: number
  total: number | undefined
  cursor?: string | null
}): LoadMoreStatus {
  if (loading) return 'loading'
  return hasMore(shownCount, total, cursor) ? 'more' : 'nomore'
}
