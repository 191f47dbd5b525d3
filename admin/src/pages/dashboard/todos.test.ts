import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Dashboard } from '../../api/dashboard'
import { readListState, toServerQuery } from '../../hooks/list-state.ts'
import { todoGroups } from './todos.ts'

const NOTHING: Dashboard['todos'] = {
  overdueClues: null,
  poolClues: null,
  rollRequests: null,
  questions: null,
  papersToMark: null,
  nightClassesToday: null,
  refunding: null,
  pointsApplications: null,
  goodsToShip: null,
}

const dashboard = (over: Partial<Dashboard> = {}): Dashboard => ({
  role: '岗位',
  pendingPartners: null,
  staleClues: null,
  pendingWithdrawals: null,
  overdueContacts: [],
  cycle: { from: '', to: '', newClues: 0, deals: 0, commission: 0, paidOut: 0 },
  trend: [],
  ...over,
  todos: { ...NOTHING, ...over.todos },
})

/** What a card's list sends to the server: its address read as the list reads it. */
const serverFilter = (to: string) => {
  const { page: _page, size: _size, ...query } = toServerQuery(readListState(new URLSearchParams(to.split('?')[1])))
  return { path: to.split('?')[0], query }
}

describe("工作台's to-do cards", () => {
  test('a position with nothing of its own gets no group (the screen shows its empty state)', () => {
    assert.deepEqual(todoGroups(dashboard()), [])
  })

  test('a teacher sees 招生, 教务 and 教学, each card opening its list with the filter the server counted with', () => {
    const groups = todoGroups(
      dashboard({
        staleClues: 1,
        todos: {
          ...NOTHING,
          overdueClues: 2,
          poolClues: 3,
          rollRequests: 0,
          questions: { count: 4, oldest: [] },
          nightClassesToday: { date: '2026-12-03', count: 1 },
        },
      }),
    )
    assert.deepEqual(
      groups.map((g) => [g.title, g.cards.map((c) => c.testId)]),
      [
        ['招生', ['todo-overdue', 'todo-stale-clues', 'todo-pool']],
        ['教务', ['todo-roll-requests', 'todo-night-today']],
        ['教学', ['todo-questions']],
      ],
    )
    const cards = Object.fromEntries(groups.flatMap((g) => g.cards).map((c) => [c.testId, c]))
    assert.equal(cards['todo-roll-requests']!.value, 0, 'a count of 0 is a card (the right is there, nothing waits)')
    assert.deepEqual(serverFilter(cards['todo-overdue']!.to), { path: '/clues', query: { overdue: '1' } })
    assert.deepEqual(serverFilter(cards['todo-roll-requests']!.to), { path: '/roll-requests', query: { status: '待审核' } })
    assert.deepEqual(serverFilter(cards['todo-night-today']!.to), { path: '/night/classes', query: { date: '2026-12-03' } })
    assert.deepEqual(serverFilter(cards['todo-questions']!.to), {
      path: '/student-questions',
      query: { status: '待回复', closed: 'false' },
    })
  })

  test('财务 and 积分 cards carry their filters and notes', () => {
    const groups = todoGroups(
      dashboard({
        pendingWithdrawals: { count: 2, amount: 150000 },
        todos: { ...NOTHING, refunding: 1, pointsApplications: 5, goodsToShip: 6, papersToMark: { papers: 1, attempts: 3 } },
      }),
    )
    assert.deepEqual(
      groups.map((g) => g.key),
      ['teaching', 'finance', 'points'],
    )
    const cards = Object.fromEntries(groups.flatMap((g) => g.cards).map((c) => [c.testId, c]))
    assert.deepEqual(serverFilter(cards['todo-refunding']!.to), { path: '/fee-orders', query: { refundStatus: '退款中' } })
    assert.deepEqual(serverFilter(cards['todo-withdrawals']!.to), { path: '/withdrawals', query: { status: '审核中' } })
    assert.equal(cards['todo-withdrawals']!.note, '合计 ¥1,500.00')
    assert.deepEqual(serverFilter(cards['todo-marking']!.to), { path: '/papers', query: { marking: 'true' } })
    assert.equal(cards['todo-marking']!.value, 1)
    assert.equal(cards['todo-marking']!.note, '共 3 份答卷待阅')
    assert.deepEqual(serverFilter(cards['todo-points-applications']!.to), { path: '/points/applications', query: { status: '待审核' } })
    assert.deepEqual(serverFilter(cards['todo-goods-to-ship']!.to), { path: '/points/orders', query: { status: '待发货' } })
  })
})
