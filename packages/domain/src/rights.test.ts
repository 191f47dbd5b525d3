import assert from 'node:assert/strict'
import { ALL_RIGHTS, BUILTIN_POSITION, BUILTIN_RIGHTS, isRight, rightLabel, rightsOfPosition } from './rights'

describe('rights and positions (岗位)', () => {
  test('every right is `<screen>.<action>`, once', () => {
    assert.equal(new Set(ALL_RIGHTS).size, ALL_RIGHTS.length)
    for (const right of ALL_RIGHTS) assert.match(right, /^[a-zA-Z]+\.[a-zA-Z]+$/)
    assert.equal(rightLabel('withdrawals.pay'), '提现 · 打款与驳回')
  })

  test('the built-in positions hold known rights only, each once; 财务 pays but works no clue, 招生老师 the reverse', () => {
    for (const rights of Object.values(BUILTIN_RIGHTS)) {
      assert.equal(new Set(rights).size, rights.length)
      for (const right of rights) assert.ok(isRight(right), right)
    }
    assert.ok((BUILTIN_RIGHTS.finance as readonly string[]).includes('withdrawals.pay'))
    assert.ok(!(BUILTIN_RIGHTS.finance as readonly string[]).some((r) => r.startsWith('clues.')))
    assert.ok((BUILTIN_RIGHTS.enrollTeacher as readonly string[]).includes('clues.work'))
    assert.ok(!(BUILTIN_RIGHTS.enrollTeacher as readonly string[]).some((r) => r.startsWith('withdrawals.') || r.startsWith('ledger.')))
  })

  test('the built-in 管理员 holds every right whatever its row lists; others their known rights', () => {
    assert.deepEqual(rightsOfPosition({ name: BUILTIN_POSITION.admin, builtin: true, rights: [] }), [...ALL_RIGHTS])
    assert.deepEqual(rightsOfPosition({ name: BUILTIN_POSITION.admin, builtin: false, rights: ['clues.view'] }), ['clues.view'])
    assert.deepEqual(rightsOfPosition({ name: '招生主管', builtin: false, rights: ['clues.view', 'gone.right'] }), ['clues.view'])
  })
})
