import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { partners } from '../../src/modules/partner-programme/partners/partners.table.ts'
import { insertPartner } from '../fixtures.ts'
import { buildTestApp, type TestApp } from '../helper.ts'
import { watchWrites } from './support.ts'

/** The hardening tests' write detector (support.ts watchWrites) sees what it must and nothing else. */

let t: TestApp
before(async () => {
  t = await buildTestApp()
})
after(async () => t?.close())

test('the write watch sees inserts, changes and deletes, and not an update that changes nothing, a rolled-back write or the columns left out', async () => {
  const writes = await watchWrites(t.app)
  assert.deepEqual(await writes(), [])
  const partner = await insertPartner(t.app)
  assert.ok((await writes()).includes('partners'))
  await t.app.db.update(partners).set({ nickname: partner.nickname }).where(eq(partners.id, partner.id))
  assert.deepEqual(await writes(), [], 'the same value again')
  await t.app.db.update(partners).set({ nickname: '改过的名字' }).where(eq(partners.id, partner.id))
  assert.deepEqual(await writes(), ['partners'])
  await assert.rejects(
    t.app.db.transaction(async (tx) => {
      await tx.update(partners).set({ nickname: '回滚的名字' }).where(eq(partners.id, partner.id))
      throw new Error('rolled back')
    }),
  )
  assert.deepEqual(await writes(), [], 'a rolled-back write')
  const code = await t.app.db.execute(
    `insert into verification_codes (phone, type, code_hash, expires_at) values ('13800000000', 'login', 'x', now()) returning id`,
  )
  assert.deepEqual(await writes(), ['verification_codes'])
  const id = Number((code as unknown as { rows: Array<{ id: number }> }).rows[0]!.id)
  await t.app.db.execute(`update verification_codes set attempts = attempts + 1 where id = ${id}`)
  assert.deepEqual(await writes(), [], 'a wrong code counted: written by design')
  await t.app.db.execute(`delete from verification_codes where id = ${id}`)
  assert.deepEqual(await writes(), ['verification_codes'])
  assert.deepEqual(await writes(), [], 'taken once')
})
