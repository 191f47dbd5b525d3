import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { AdminRole } from '@activity/wire'
import { accessFor, mayOpen, PERMISSIONS } from './access.ts'

const granted = (role: string | undefined) =>
  Object.entries(accessFor(role))
    .filter(([, may]) => may)
    .map(([permission]) => permission)
    .sort()

describe('what each operator role may do', () => {
  test('管理员 reviews partners, manages operators and courses, assigns clues, pays and adjusts; it does not take clues from the pool', () => {
    assert.deepEqual(granted(AdminRole.admin), [
      'canAdjustLedger',
      'canAnswerQuestions',
      'canAssignClues',
      'canCancelAnyDeal',
      'canConvertClues',
      'canEditStudents',
      'canEditTargets',
      'canExportPartners',
      'canManageCourses',
      'canManageDepartments',
      'canManageExams',
      'canManageFees',
      'canManageNight',
      'canManageNotices',
      'canManageOperators',
      'canManagePoints',
      'canManageSettings',
      'canPayWithdrawals',
      'canReviewPartners',
      'canReviewRollRequests',
      'canWorkClues',
      'seesAllClues',
      'seesAllTargets',
      'seesPartnerMoney',
    ])
  })

  test('财务 pays withdrawals, adjusts balances and sees partners’ money, and nothing about clues; the student register only reads', () => {
    assert.deepEqual(granted(AdminRole.finance), ['canAdjustLedger', 'canManageFees', 'canPayWithdrawals', 'seesPartnerMoney'])
  })

  test('招生老师 takes and works clues, keeps the student register and its requests, answers students’ questions, keeps night classes, and nothing about money, reviews, notices or operators', () => {
    assert.deepEqual(granted(AdminRole.enrollTeacher), [
      'canAnswerQuestions',
      'canConvertClues',
      'canEditStudents',
      'canManageNight',
      'canReviewRollRequests',
      'canTakeClues',
      'canWorkClues',
    ])
  })

  test('nobody signed in, or a role the console does not know, may do nothing', () => {
    assert.deepEqual(granted(undefined), [])
    assert.deepEqual(granted('访客'), [])
  })

  test('every permission names at least one role, and only known ones', () => {
    const roles = new Set<string>(Object.values(AdminRole))
    for (const [permission, list] of Object.entries(PERMISSIONS)) {
      assert.ok(list.length > 0, permission)
      for (const role of list) assert.ok(roles.has(role), `${permission}: ${role}`)
    }
  })

  test('a screen opens for the roles its route lists, and always for 管理员', () => {
    const financeOnly = { roles: [AdminRole.finance] }
    assert.equal(mayOpen(financeOnly, AdminRole.finance), true)
    assert.equal(mayOpen(financeOnly, AdminRole.admin), true)
    assert.equal(mayOpen(financeOnly, AdminRole.enrollTeacher), false)
    assert.equal(mayOpen(financeOnly, undefined), false)
  })
})
