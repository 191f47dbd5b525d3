import { QuestionType } from '@activity/wire'
import {
  answerText,
  blanksFrom,
  blanksOf,
  chooseKey,
  clockOffset,
  closeAttempt,
  createSaveQueue,
  exerciseCell,
  formatCountdown,
  isAnswered,
  normalizeAnswer,
  remainingMs,
  resultCell,
  retryDelay,
  sheetCell,
  unansweredCount,
  type Answer,
  type SaveQueueStatus,
} from './exam'

describe('the countdown', () => {
  const device = Date.parse('2026-03-04T12:00:00.000Z')

  it('counts to the server’s end on the server’s clock, whatever the device’s says', () => {
    // The device is 90 s behind the server.
    const offset = clockOffset('2026-03-04T12:01:30.000Z', device)
    expect(offset).toBe(90_000)
    expect(remainingMs('2026-03-04T12:10:00.000Z', offset, device)).toBe(510_000)
    expect(remainingMs('2026-03-04T12:10:00.000Z', offset, device + 510_000)).toBe(0)
    expect(remainingMs('2026-03-04T12:10:00.000Z', offset, device + 600_000)).toBe(0)
  })

  it('shows minutes and seconds, rounded up, and hours when there are some', () => {
    expect(formatCountdown(510_000)).toBe('08:30')
    expect(formatCountdown(59_001)).toBe('01:00')
    expect(formatCountdown(999)).toBe('00:01')
    expect(formatCountdown(0)).toBe('00:00')
    expect(formatCountdown(3_723_000)).toBe('1:02:03')
  })
})

describe('an answer on the wire', () => {
  it('sorts and dedupes 多选题 keys; keeps one key of 单选题 and 判断题', () => {
    expect(normalizeAnswer(QuestionType.multiple, ['C', 'A', 'C'])).toEqual(['A', 'C'])
    expect(normalizeAnswer(QuestionType.single, ['', 'B'])).toEqual(['B'])
    expect(normalizeAnswer(QuestionType.judge, [])).toEqual([])
  })

  it('sends a 多选题 however it was spelled as the keys the server judges by (@activity/domain)', () => {
    for (const given of [['A,C'], ['AC'], ['a c'], ['ＡＣ'], ['C', 'A']])
      expect(normalizeAnswer(QuestionType.multiple, given)).toEqual(['A', 'C'])
    expect(normalizeAnswer(QuestionType.judge, ['对'])).toEqual(['T'])
  })

  it('keeps 填空题 one entry per blank, trimmed, and is unanswered when every blank is empty', () => {
    expect(normalizeAnswer(QuestionType.fill, [' x ', ''])).toEqual(['x', ''])
    expect(normalizeAnswer(QuestionType.fill, [' ', ''])).toEqual([])
    expect(normalizeAnswer(QuestionType.short, ['  '])).toEqual([])
    expect(normalizeAnswer(QuestionType.short, [' 因为 '])).toEqual(['因为'])
    expect(isAnswered(['', ''])).toBe(false)
    expect(isAnswered(null)).toBe(false)
    expect(isAnswered(['', 'y'])).toBe(true)
  })

  it('takes a tap on a choice: 单选 replaces, 多选 toggles', () => {
    expect(chooseKey(QuestionType.single, ['A'], 'B')).toEqual(['B'])
    expect(chooseKey(QuestionType.multiple, ['C'], 'A')).toEqual(['A', 'C'])
    expect(chooseKey(QuestionType.multiple, ['A', 'C'], 'A')).toEqual(['C'])
  })

  it('finds the blanks of a 填空题 in its stem', () => {
    expect(blanksOf('函数 f(x)=x² 在 x=1 处的导数为____，二阶导数为（ ）。')).toBe(2)
    expect(blanksOf('没有标记的填空')).toBe(1)
    expect(blanksFrom('a ___ b ___', ['1'])).toEqual(['1', ''])
  })

  it('reads as a person would', () => {
    expect(answerText(QuestionType.multiple, ['A', 'C'])).toBe('A、C')
    expect(answerText(QuestionType.judge, ['F'])).toBe('错误')
    expect(answerText(QuestionType.fill, ['2', ''])).toBe('2；（空）')
    expect(answerText(QuestionType.single, [])).toBe('未作答')
  })
})

describe('the answer card', () => {
  it('colours practice by done, right and wrong', () => {
    expect(exerciseCell({ done: false, correct: null })).toBe('todo')
    expect(exerciseCell({ done: true, correct: true })).toBe('right')
    expect(exerciseCell({ done: true, correct: false })).toBe('wrong')
    expect(exerciseCell({ done: true, correct: null })).toBe('done')
  })

  it('marks a sheet’s answered questions and failed saves, and counts the unanswered', () => {
    expect(sheetCell(['A'], false)).toBe('answered')
    expect(sheetCell([], false)).toBe('todo')
    expect(sheetCell(['A'], true)).toBe('failed')
    expect(unansweredCount([['A'], null, [], ['', '']])).toBe(3)
  })

  it('colours a result by marks: full, part (少选), none, 待阅卷', () => {
    expect(resultCell({ correct: true, earned: 4, score: 4 })).toBe('right')
    expect(resultCell({ correct: false, earned: 2, score: 4 })).toBe('partial')
    expect(resultCell({ correct: false, earned: 0, score: 4 })).toBe('wrong')
    expect(resultCell({ correct: null, earned: null, score: 10 })).toBe('pending')
  })
})

/** A hand-driven server and clock for the queue. */
function harness() {
  const sent: Array<{ position: number; answer: Answer; resolve: () => void; reject: (e: unknown) => void }> = []
  const timers: Array<{ fn: () => void; ms: number; cleared: boolean }> = []
  const statuses: SaveQueueStatus[] = []
  const closedWith: unknown[] = []
  const queue = createSaveQueue({
    send: (position, answer) =>
      new Promise<void>((resolve, reject) => {
        sent.push({ position, answer, resolve, reject })
      }),
    isFinal: (err) => err === 'ended',
    onChange: (s) => statuses.push(s),
    onClosed: (err) => closedWith.push(err),
    setTimer: (fn, ms) => {
      const t = { fn, ms, cleared: false }
      timers.push(t)
      return t
    },
    clearTimer: (t) => void ((t as { cleared: boolean }).cleared = true),
  })
  const tick = () => new Promise((r) => setTimeout(r, 0))
  const fire = () => {
    const due = timers.filter((t) => !t.cleared)
    for (const t of due) {
      t.cleared = true
      t.fn()
    }
  }
  return { queue, sent, timers, statuses, closedWith, tick, fire }
}

describe('the save queue', () => {
  it('saves a change at once, one save per question on its way, and then the latest answer only', async () => {
    const h = harness()
    h.queue.change(1, ['A'])
    h.queue.change(2, ['T'])
    expect(h.sent.map((s) => [s.position, s.answer])).toEqual([
      [1, ['A']],
      [2, ['T']],
    ])
    h.queue.change(1, ['B'])
    h.queue.change(1, ['C'])
    expect(h.sent).toHaveLength(2)
    expect(h.queue.status().saving).toEqual([1, 2])
    h.sent[0]?.resolve()
    await h.tick()
    expect(h.sent.map((s) => [s.position, s.answer])[2]).toEqual([1, ['C']])
    h.sent[2]?.resolve()
    h.sent[1]?.resolve()
    await h.tick()
    expect(h.sent).toHaveLength(3)
    expect(h.queue.status()).toEqual({ saving: [], failed: [] })
  })

  it('retries a failed save with backoff and says so until it goes through', async () => {
    const h = harness()
    h.queue.change(3, ['A', 'B'])
    h.sent[0]?.reject(new Error('offline'))
    await h.tick()
    expect(h.queue.status().failed).toEqual([3])
    expect(h.timers.map((t) => t.ms)).toEqual([1000])
    h.fire()
    expect(h.sent).toHaveLength(2)
    h.sent[1]?.reject(new Error('offline'))
    await h.tick()
    expect(h.timers.map((t) => t.ms)).toEqual([1000, 2000])
    h.fire()
    h.sent[2]?.resolve()
    await h.tick()
    expect(h.sent.map((s) => s.answer)).toEqual([
      ['A', 'B'],
      ['A', 'B'],
      ['A', 'B'],
    ])
    expect(h.queue.status()).toEqual({ saving: [], failed: [] })
    expect(retryDelay(1)).toBe(1000)
    expect(retryDelay(3)).toBe(4000)
    expect(retryDelay(20)).toBe(10_000)
  })

  it('sends a newer answer at once rather than wait for a failed one’s retry', async () => {
    const h = harness()
    h.queue.change(1, ['A'])
    h.sent[0]?.reject(new Error('offline'))
    await h.tick()
    h.queue.change(1, ['B'])
    expect(h.sent.map((s) => s.answer)).toEqual([['A'], ['B']])
    expect(h.timers[0]?.cleared).toBe(true)
  })

  it('flushes before 交卷: sends what failed once more now, and says whether everything is saved', async () => {
    const h = harness()
    h.queue.change(1, ['A'])
    h.sent[0]?.reject(new Error('offline'))
    await h.tick()
    const flushed = h.queue.flush()
    expect(h.sent).toHaveLength(2)
    h.sent[1]?.resolve()
    await expect(flushed).resolves.toBe(true)
    expect(h.timers[0]?.cleared).toBe(true)
  })

  it('stops when the server says the attempt has ended, and says so once', async () => {
    const h = harness()
    h.queue.change(1, ['A'])
    h.queue.change(2, ['B'])
    h.sent[0]?.reject('ended')
    h.sent[1]?.reject('ended')
    await h.tick()
    expect(h.closedWith).toEqual(['ended'])
    h.queue.change(1, ['C'])
    expect(h.sent).toHaveLength(2)
    await expect(h.queue.flush()).resolves.toBe(false)
  })
})

describe('closing an attempt', () => {
  it('answers overPaper’s result, or reads the attempt when the server closed it already', async () => {
    await expect(closeAttempt({ over: async () => 'over', read: async () => 'read' })).resolves.toBe('over')
    await expect(
      closeAttempt({
        over: async () => {
          throw new Error('closed')
        },
        read: async () => 'read',
      }),
    ).resolves.toBe('read')
  })
})
