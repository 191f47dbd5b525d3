import { afterAnswer, formatClock, formatStudyTime, onTime, reported, resumeAt, startTrack, watchedText, type PlayerTrack } from './player'

const HEARTBEAT = 10
const T0 = 1_767_225_600_000

/** Plays from `from` to `to` in timeupdates 0.25 s apart, starting at `now`; returns the steps that were not 'none'. */
function play(track: PlayerTrack, from: number, to: number, now: number) {
  const steps: Array<{ at: number; kind: string; value: number }> = []
  let t = track
  for (let p = from, clock = now; p <= to + 1e-9; p += 0.25, clock += 250) {
    const { track: next, step } = onTime(t, p, clock, HEARTBEAT)
    t = next
    if (step.kind === 'report') steps.push({ at: p, kind: 'report', value: step.position })
    if (step.kind === 'seekBack') steps.push({ at: p, kind: 'seekBack', value: step.to })
  }
  return { track: t, steps }
}

describe('the player resumes', () => {
  it('at the saved position', () => {
    expect(resumeAt({ position: 95.5, duration: 600 })).toBe(95.5)
    expect(startTrack({ position: 95.5, duration: 600, furthest: 120, noSkip: true })).toEqual({
      at: 95.5,
      furthest: 120,
      sentAt: null,
      noSkip: true,
    })
  })

  it('from the beginning when never opened, or when the saved position is at the end', () => {
    expect(resumeAt({ position: 0, duration: 600 })).toBe(0)
    expect(resumeAt({ position: 598, duration: 600 })).toBe(0)
    expect(resumeAt({ position: 600, duration: 600 })).toBe(0)
  })
})

describe('the heartbeat', () => {
  it('reports every heartbeat of real time while playing, with the position then', () => {
    const start = reported(startTrack({ position: 30, duration: 600, furthest: 30, noSkip: false }), 30, T0)
    const { steps } = play(start, 30.25, 55, T0 + 250)
    expect(steps).toEqual([
      { at: 40, kind: 'report', value: 40 },
      { at: 50, kind: 'report', value: 50 },
    ])
  })

  it('reports at the first timeupdate when nothing was reported yet', () => {
    const { step } = onTime(startTrack({ position: 0, duration: 600, furthest: 0, noSkip: false }), 0.25, T0, HEARTBEAT)
    expect(step).toEqual({ kind: 'report', position: 0.25 })
  })

  it('counts real time, not video time: at double speed a report still comes every ten seconds of the clock', () => {
    let t = reported(startTrack({ position: 0, duration: 600, furthest: 0, noSkip: false }), 0, T0)
    const reports: number[] = []
    for (let i = 1; i <= 80; i++) {
      const out = onTime(t, i * 0.5, T0 + i * 250, HEARTBEAT)
      t = out.track
      if (out.step.kind === 'report') reports.push(out.step.position)
    }
    expect(reports).toEqual([20, 40])
  })
})

describe('a course that forbids dragging ahead on a first viewing', () => {
  it('takes a drag past the furthest point back at once', () => {
    const t = reported(startTrack({ position: 50, duration: 600, furthest: 80, noSkip: true }), 50, T0)
    const { track, step } = onTime(t, 300, T0 + 1000, HEARTBEAT)
    expect(step).toEqual({ kind: 'seekBack', to: 80 })
    expect(track.at).toBe(80)
  })

  it('lets a drag back, or ahead within what was watched, stand', () => {
    const t = reported(startTrack({ position: 50, duration: 600, furthest: 80, noSkip: true }), 50, T0)
    expect(onTime(t, 75, T0 + 1000, HEARTBEAT).step.kind).toBe('none')
    expect(onTime(t, 10, T0 + 1000, HEARTBEAT).step.kind).toBe('none')
  })

  it('moves the furthest point along as the video plays on', () => {
    const t = reported(startTrack({ position: 78, duration: 600, furthest: 80, noSkip: true }), 78, T0)
    const { track, steps } = play(t, 78.25, 95, T0 + 250)
    expect(track.furthest).toBe(95)
    expect(steps.map((s) => s.kind)).toEqual(['report'])
  })

  it("seeks back to the server's position when the answer is behind what was reported", () => {
    const t = startTrack({ position: 50, duration: 600, furthest: 80, noSkip: true })
    const { track, seekTo } = afterAnswer(t, 200, { position: 80, furthest: 80, finished: false })
    expect(seekTo).toBe(80)
    expect(track).toMatchObject({ at: 80, furthest: 80, noSkip: true })
  })

  it('follows an answer that accepted the position, the player having moved on meanwhile', () => {
    const t = { ...startTrack({ position: 50, duration: 600, furthest: 60, noSkip: true }), at: 60.5 }
    expect(afterAnswer(t, 60, { position: 60, furthest: 60, finished: false }).seekTo).toBeNull()
  })

  it('lifts the rule once the section is finished', () => {
    const t = startTrack({ position: 590, duration: 600, furthest: 590, noSkip: true })
    const { track } = afterAnswer(t, 596, { position: 596, furthest: 596, finished: true })
    expect(track.noSkip).toBe(false)
    expect(onTime(track, 100, T0, HEARTBEAT).step.kind).toBe('report')
  })

  it('never seeks back without the rule', () => {
    const t = reported(startTrack({ position: 50, duration: 600, furthest: 80, noSkip: false }), 50, T0)
    expect(onTime(t, 300, T0 + 1000, HEARTBEAT).step.kind).toBe('none')
    expect(afterAnswer(t, 300, { position: 280, furthest: 300, finished: false }).seekTo).toBeNull()
  })
})

describe('what the player shows', () => {
  it('writes durations as a player does, and study time in minutes and hours', () => {
    expect([formatClock(0), formatClock(65.9), formatClock(3723)]).toEqual(['0:00', '1:05', '1:02:03'])
    expect([formatStudyTime(59), formatStudyTime(25 * 60), formatStudyTime(3600), formatStudyTime(3900)]).toEqual([
      '0分钟',
      '25分钟',
      '1小时',
      '1小时5分钟',
    ])
  })

  it('says how much of a section was watched', () => {
    expect(watchedText({ watched: 0, duration: 600, finished: false })).toBe('未学习')
    expect(watchedText({ watched: 150, duration: 600, finished: false })).toBe('已学 25%')
    expect(watchedText({ watched: 600, duration: 600, finished: true })).toBe('已学完')
  })
})
