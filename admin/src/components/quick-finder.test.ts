import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  asksServer,
  type FinderRoute,
  isMac,
  isTextField,
  matchScreens,
  moveActive,
  openableScreens,
  opensFinder,
  peopleItems,
  searchesPeople,
  shortcutLabel,
} from './quick-finder.ts'

const ROUTES: FinderRoute[] = [
  { path: '/dashboard', name: '工作台', right: 'dashboard.view' },
  { path: '/partners', name: '合伙人', right: 'partners.view' },
  { path: '/partners/:id', name: '合伙人详情', right: 'partners.view', hideInMenu: true },
  { path: '/clues', name: '线索', right: 'clues.view' },
  { path: '/fee-orders', name: '缴费单', right: 'fees.view', groupName: '财务' },
  { path: '/coupons', name: '优惠券', right: 'fees.view', groupName: '财务' },
  { path: '/courses/new', name: '新建课程', right: 'courses.edit', hideInMenu: true },
  { path: '/settings', name: '设置', right: 'settings.view', groupName: '系统' },
  { path: '/withdrawals', name: '提现', right: 'withdrawals.view', groupName: '财务' },
]

describe('quick finder: screens', () => {
  test('only screens of the menu the rights open', () => {
    assert.deepEqual(
      openableScreens(ROUTES, ['dashboard.view', 'partners.view', 'fees.view']).map((r) => r.path),
      ['/dashboard', '/partners', '/fee-orders', '/coupons'],
    )
    assert.deepEqual(openableScreens(ROUTES, undefined), [])
  })

  test('by name (starting with it first), then by the group’s name', () => {
    const screens = openableScreens(ROUTES, ['fees.view', 'withdrawals.view', 'partners.view', 'settings.view'])
    assert.deepEqual(
      matchScreens(screens, '财务').map((i) => i.to),
      ['/fee-orders', '/coupons', '/withdrawals'],
    )
    assert.deepEqual(
      matchScreens(screens, '单').map((i) => [i.title, i.detail, i.kind]),
      [['缴费单', '财务', 'screen']],
    )
    const withNames = openableScreens([...ROUTES, { path: '/orders', name: '订单', right: 'fees.view' }], ['fees.view'])
    assert.deepEqual(
      matchScreens(withNames, '单').map((i) => i.title),
      ['缴费单', '订单'],
    )
    assert.deepEqual(
      matchScreens([{ path: '/app-versions', name: 'APP 版本', right: 'appVersions.view' }], ' app ').map((i) => i.to),
      ['/app-versions'],
    )
    assert.deepEqual(matchScreens(screens, '没有'), [])
    assert.equal(matchScreens(screens, '', 2).length, 2)
  })
})

describe('quick finder: people', () => {
  test('students, partners and clues open their detail screens, the masked phone shown', () => {
    const items = peopleItems({
      students: [{ id: 1, name: '林晓', phone: '138****0000', status: '在读', studentNo: 'S01' }],
      partners: [{ id: 2, name: '周合', phone: '139****0000', status: '正常', code: 'P2' }],
      clues: null,
    })
    assert.deepEqual(
      items.map((i) => [i.key, i.kind, i.title, i.detail, i.to]),
      [
        ['student:1', 'student', '林晓', '138****0000 · S01 · 在读', '/students/1'],
        ['partner:2', 'partner', '周合', '139****0000 · P2 · 正常', '/partners/2'],
      ],
    )
    assert.deepEqual(peopleItems(undefined), [])
  })

  test('the server is asked for 1-30 characters, and only by a position that sees a list of people', () => {
    assert.equal(asksServer('  '), false)
    assert.equal(asksServer(' 林 '), true)
    assert.equal(asksServer('长'.repeat(31)), false)
    assert.equal(searchesPeople(['fees.view']), false)
    assert.equal(searchesPeople(['clues.view']), true)
    assert.equal(searchesPeople(undefined), false)
  })
})

describe('quick finder: keys', () => {
  const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    ...mods,
  })
  test('Ctrl K (⌘K on a Mac) anywhere, / outside a text field', () => {
    assert.equal(opensFinder(key('k', { ctrlKey: true }), { tagName: 'INPUT' }, false), true)
    assert.equal(opensFinder(key('K', { metaKey: true }), null, true), true)
    assert.equal(opensFinder(key('k', { metaKey: true }), null, false), false)
    assert.equal(opensFinder(key('k'), null, false), false)
    assert.equal(opensFinder(key('/'), { tagName: 'BODY' }, false), true)
    assert.equal(opensFinder(key('/'), { tagName: 'INPUT', type: 'text' }, false), false)
    assert.equal(opensFinder(key('/'), { tagName: 'DIV', isContentEditable: true }, false), false)
    assert.equal(opensFinder(key('/'), { tagName: 'INPUT', type: 'checkbox' }, false), true)
    assert.equal(opensFinder(key('/', { ctrlKey: true }), null, false), false)
  })

  test('text fields, the platform and its label', () => {
    assert.equal(isTextField({ tagName: 'textarea' }), true)
    assert.equal(isTextField({ tagName: 'INPUT' }), true)
    assert.equal(isTextField({ tagName: 'BUTTON' }), false)
    assert.equal(isMac('MacIntel'), true)
    assert.equal(isMac('Win32'), false)
    assert.equal(shortcutLabel(true), '⌘K')
    assert.equal(shortcutLabel(false), 'Ctrl K')
  })

  test('arrows move through the list and wrap around', () => {
    assert.equal(moveActive(-1, 1, 3), 0)
    assert.equal(moveActive(-1, -1, 3), 2)
    assert.equal(moveActive(2, 1, 3), 0)
    assert.equal(moveActive(0, -1, 3), 2)
    assert.equal(moveActive(0, 1, 0), -1)
  })
})
