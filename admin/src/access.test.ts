import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { ALL_RIGHTS, BUILTIN_RIGHTS } from '@activity/domain'
import { accessFor, mayOpen, PERMISSIONS } from './access.ts'

const granted = (rights: readonly string[] | undefined) =>
  Object.entries(accessFor(rights))
    .filter(([, may]) => may)
    .map(([permission]) => permission)
    .sort()

describe('what an operator may do, from their position’s rights', () => {
  test('管理员 (every right) may do everything but take clues from the pool (it assigns them)', () => {
    const all = granted(ALL_RIGHTS)
    assert.deepEqual(
      all,
      Object.keys(PERMISSIONS)
        .filter((p) => p !== 'canTakeClues')
        .sort(),
    )
  })

  test('the built-in 财务 pays withdrawals, adjusts balances, keeps fees and sees partners’ money, and nothing about clues', () => {
    assert.deepEqual(granted(BUILTIN_RIGHTS.finance), [
      'canAdjustLedger',
      'canCreateOrders',
      'canExportFees',
      'canExportStudents',
      'canExportUnmasked',
      'canExportWithdrawals',
      'canManageFees',
      'canPayWithdrawals',
      'canRefundFees',
      'canRevealPhones',
      'seesPartnerMoney',
    ])
  })

  test('the built-in 招生老师 takes and works clues, keeps students, answers questions and keeps night classes; no money, reviews or operators', () => {
    assert.deepEqual(granted(BUILTIN_RIGHTS.enrollTeacher), [
      'canAnswerQuestions',
      'canConvertClues',
      'canEditStudents',
      'canExportClues',
      'canExportStudents',
      'canExportTargets',
      'canManageActivities',
      'canManageNight',
      'canManageVolunteer',
      'canRevealPhones',
      'canReviewRollRequests',
      'canTakeClues',
      'canWorkClues',
    ])
  })

  test('招生主管: every clue and the export, no money', () => {
    const lead = granted(['dashboard.view', 'clues.view', 'clues.viewAll', 'clues.work', 'clues.export'])
    assert.deepEqual(lead, ['canCancelAnyDeal', 'canExportClues', 'canTakeClues', 'canWorkClues', 'seesAllClues'])
  })

  test('nobody signed in, or unknown rights, may do nothing', () => {
    assert.deepEqual(granted(undefined), [])
    assert.deepEqual(granted(['everything.do']), [])
  })

  test('every permission names known rights only', () => {
    for (const [permission, rule] of Object.entries(PERMISSIONS))
      if (typeof rule !== 'function') for (const right of rule) assert.ok(ALL_RIGHTS.includes(right), `${permission}: ${right}`)
  })

  test('a screen opens for a position holding its right (any one of a list)', () => {
    assert.equal(mayOpen({ right: 'withdrawals.view' }, ['withdrawals.view']), true)
    assert.equal(mayOpen({ right: 'withdrawals.view' }, ['clues.view']), false)
    assert.equal(mayOpen({ right: ['partners.view', 'clues.work'] }, ['clues.work']), true)
    assert.equal(mayOpen({ right: 'withdrawals.view' }, undefined), false)
  })
})
