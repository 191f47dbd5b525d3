import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { clockOffset, percentLeft, refreshDelay, secondsLeft, spacedCode, stale, type ScreenShown } from './check-in-screen.ts'

const at = (iso: string) => Date.parse(iso)
const shown: ScreenShown = {
  code: '042917',
  serverTime: '2026-12-03T11:00:05.000Z',
  changesAt: '2026-12-03T11:00:30.000Z',
  periodSeconds: 30,
}

describe('the room screen’s check-in code', () => {
  test('counts down by the server’s clock, even when the room PC’s clock is two minutes fast', () => {
    const fast = 120_000
    const sentAt = at('2026-12-03T11:00:05.000Z') + fast - 40
    const offset = clockOffset(shown.serverTime, sentAt, sentAt + 80)
    assert.equal(offset, -fast)
    const local = (iso: string) => at(iso) + fast
    assert.equal(secondsLeft(shown, offset, local('2026-12-03T11:00:05.000Z')), 25)
    assert.equal(secondsLeft(shown, offset, local('2026-12-03T11:00:29.001Z')), 1)
    assert.equal(secondsLeft(shown, offset, local('2026-12-03T11:00:31.000Z')), 0)
    assert.equal(percentLeft(shown, offset, local('2026-12-03T11:00:15.000Z')), 50)
    assert.equal(percentLeft(shown, offset, local('2026-12-03T11:00:45.000Z')), 0)
  })

  test('asks for the next code just after the window ends, at once when it is already over', () => {
    assert.equal(refreshDelay(shown, 0, at('2026-12-03T11:00:05.000Z')), 25_300)
    assert.equal(refreshDelay(shown, 0, at('2026-12-03T11:00:40.000Z')), 0)
  })

  test('a code left on screen (the server unreachable) is stale once the next window is over too', () => {
    assert.equal(stale(shown, 0, at('2026-12-03T11:00:59.999Z')), false)
    assert.equal(stale(shown, 0, at('2026-12-03T11:01:00.000Z')), true)
  })

  test('the code is shown in two halves', () => {
    assert.equal(spacedCode('042917'), '042 917')
  })
})
