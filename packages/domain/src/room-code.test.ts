import assert from 'node:assert/strict'
import {
  roomCodePercentLeft,
  roomCodeRefreshDelay,
  roomCodeSecondsLeft,
  roomCodeStale,
  serverClockOffset,
  type RoomCode,
} from './room-code'

const at = (iso: string) => Date.parse(iso)
const shown: RoomCode = {
  code: '042917',
  serverTime: '2026-12-03T11:00:05.000Z',
  changesAt: '2026-12-03T11:00:30.000Z',
  periodSeconds: 30,
}

describe("the room screen's rotating code", () => {
  test("counts down by the server's clock, even when the phone's clock is two minutes fast", () => {
    const fast = 120_000
    const sentAt = at('2026-12-03T11:00:05.000Z') + fast - 40
    const offset = serverClockOffset(shown.serverTime, sentAt, sentAt + 80)
    assert.equal(offset, -fast)
    const local = (iso: string) => at(iso) + fast
    assert.equal(roomCodeSecondsLeft(shown, offset, local('2026-12-03T11:00:05.000Z')), 25)
    assert.equal(roomCodeSecondsLeft(shown, offset, local('2026-12-03T11:00:29.001Z')), 1)
    assert.equal(roomCodeSecondsLeft(shown, offset, local('2026-12-03T11:00:31.000Z')), 0)
    assert.equal(roomCodePercentLeft(shown, offset, local('2026-12-03T11:00:15.000Z')), 50)
    assert.equal(roomCodePercentLeft(shown, offset, local('2026-12-03T11:00:45.000Z')), 0)
    assert.equal(roomCodeRefreshDelay(shown, offset, local('2026-12-03T11:00:05.000Z')), 25_300)
  })

  test('asks for the next code just after the window ends, at once when it is already over', () => {
    assert.equal(roomCodeRefreshDelay(shown, 0, at('2026-12-03T11:00:05.000Z')), 25_300)
    assert.equal(roomCodeRefreshDelay(shown, 0, at('2026-12-03T11:00:30.299Z')), 1)
    assert.equal(roomCodeRefreshDelay(shown, 0, at('2026-12-03T11:00:40.000Z')), 0)
  })

  test('a code left on screen (the server unreachable) is stale once the next window is over too', () => {
    assert.equal(roomCodeStale(shown, 0, at('2026-12-03T11:00:59.999Z')), false)
    assert.equal(roomCodeStale(shown, 0, at('2026-12-03T11:01:00.000Z')), true)
  })
})
