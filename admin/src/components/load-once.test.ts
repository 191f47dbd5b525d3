import assert from 'node:assert/strict'
import { test } from 'node:test'
import { loadOnce } from './load-once.ts'

test('asks that come while it loads share one load, and the answer is kept', async () => {
  let loads = 0
  const once = loadOnce(async () => {
    loads += 1
    return `dialog ${loads}`
  })
  assert.equal(once.loaded(), undefined)
  const [a, b] = await Promise.all([once.get(), once.get()])
  assert.deepEqual([a, b, loads], ['dialog 1', 'dialog 1', 1])
  assert.equal(await once.get(), 'dialog 1')
  assert.equal(once.loaded(), 'dialog 1')
  assert.equal(loads, 1)
})

test('a failed load is not kept: the next ask loads again', async () => {
  let loads = 0
  const once = loadOnce(async () => {
    loads += 1
    if (loads === 1) throw new Error('Failed to fetch dynamically imported module')
    return 'dialog'
  })
  await assert.rejects(once.get(), /dynamically imported/)
  assert.equal(once.loaded(), undefined)
  assert.equal(await once.get(), 'dialog')
  assert.equal(loads, 2)
})
