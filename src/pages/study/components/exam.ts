/**
 * The answering rules, apart from the pages (章节练习, 答题, 错题本): the countdown, what an answer
 * is on the wire, the answer card's colours, and the save queue of an open attempt. The server
 * owns the attempt (its end, the scores): the page only saves answers and follows its answers.
 */
import { isUnanswered, normalizeAnswer } from '@activity/domain'
import { JUDGE_KEYS, QuestionType } from '@activity/wire'

/** The one answer format: string[]; [] is unanswered. */
export type Answer = string[]

/** 判断题's options as the bank keys them. */
export const JUDGE_OPTIONS = [
  { key: JUDGE_KEYS.right, text: '正确' },
  { key: JUDGE_KEYS.wrong, text: '错误' },
] as const

// ---------------------------------------------------------------------------------------------
// The countdown

/** The server's clock minus the device's (ms), from an answer's serverNow taken at `deviceNow`. */
export function clockOffset(serverNow: string, deviceNow: number): number {
  const server = Date.parse(serverNow)
  return Number.isFinite(server) ? server - deviceNow : 0
}

/** Milliseconds left until `endsAt` on the server's clock (never below 0). */
export function remainingMs(endsAt: string, offsetMs: number, deviceNow: number): number {
  return Math.max(0, Date.parse(endsAt) - (deviceNow + offsetMs))
}

/** 09:05, 1:02:03: the time left, rounded up to the second (it shows 00:00 only at the end). */
export function formatCountdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000))
  const h = Math.floor(s / 3600)
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0')
  const ss = String(s % 60).padStart(2, '0')
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`
}

/** The last minutes are shown in warning colours. */
export const COUNTDOWN_WARN_MS = 5 * 60_000

// ---------------------------------------------------------------------------------------------
// Answers

const BLANK = /_{3,}|（\s*）|\(\s*\)/g

/** How many blanks a 填空题's stem has (runs of ___ or empty brackets; at least one). */
export function blanksOf(stem: string): number {
  return Math.max(1, stem.match(BLANK)?.length ?? 0)
}

/**
 * An answer as it goes on the wire (@activity/domain's answer rule, the one the server judges by):
 * choices' keys upper-cased, unique and sorted (`AB`, `a,b`, `ＡＢ` are `A`, `B`), 判断题 T/F,
 * 填空题 one entry per blank (trimmed; all empty is unanswered), 简答题 one entry (empty is
 * unanswered).
 */
export { normalizeAnswer }

/**
 * An answer as a form body carries it: its JSON text. Repeated fields cannot say `[]` (clearing an
 * answer), and a single blank starting with '[' would be read as JSON; both modules read the text.
 */
export function answerOnWire(answer: readonly string[]): string {
  return JSON.stringify(answer)
}

export function isAnswered(answer: readonly string[] | null | undefined): boolean {
  return !isUnanswered(answer)
}

export function sameAnswer(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i])
}

/** A tap on a choice: 单选题/判断题 take it; 多选题 toggles it (sorted). */
export function chooseKey(type: string, current: readonly string[], key: string): Answer {
  if (type !== QuestionType.multiple) return [key]
  return normalizeAnswer(type, current.includes(key) ? current.filter((k) => k !== key) : [...current, key])
}

/** A 填空题's blanks to edit: one entry per blank, from what was answered. */
export function blanksFrom(stem: string, answer: readonly string[] | null): string[] {
  const n = Math.max(blanksOf(stem), answer?.length ?? 0)
  return Array.from({ length: n }, (_, i) => answer?.[i] ?? '')
}

export function isChoice(type: string): boolean {
  return type === QuestionType.single || type === QuestionType.multiple || type === QuestionType.judge
}

/** An answer as a person reads it: B; A、C; 正确; 第1空 / 第2空 joined; the text. Empty: 未作答. */
export function answerText(type: string, answer: readonly string[] | null): string {
  const a = answer ?? []
  if (!isAnswered(a)) return '未作答'
  if (type === QuestionType.judge) return a[0] === JUDGE_KEYS.right ? '正确' : '错误'
  if (type === QuestionType.fill) return a.map((b) => b || '（空）').join('；')
  if (type === QuestionType.short) return a[0] ?? ''
  return a.join('、')
}

// ---------------------------------------------------------------------------------------------
// The answer card

/** 章节练习's card: not done, right, wrong, or done without a verdict (简答题). */
export type ExerciseCell = 'todo' | 'right' | 'wrong' | 'done'

export function exerciseCell(item: { done: boolean; correct: boolean | null }): ExerciseCell {
  if (!item.done) return 'todo'
  return item.correct === true ? 'right' : item.correct === false ? 'wrong' : 'done'
}

/** 答题's card while open: answered or not, and a save that failed (being retried). */
export type SheetCell = 'todo' | 'answered' | 'failed'

export function sheetCell(answer: readonly string[] | null, failed: boolean): SheetCell {
  if (failed) return 'failed'
  return isAnswered(answer) ? 'answered' : 'todo'
}

/** The result's card: full marks, part of them (少选, some blanks), none, or 待阅卷. */
export type ResultCell = 'right' | 'partial' | 'wrong' | 'pending'

export function resultCell(q: { correct: boolean | null; earned: number | null; score: number }): ResultCell {
  if (q.earned === null) return 'pending'
  if (q.correct === true || q.earned >= q.score) return 'right'
  return q.earned > 0 ? 'partial' : 'wrong'
}

const CELL_TEXT: Record<ExerciseCell | SheetCell | ResultCell, string> = {
  todo: '未答',
  answered: '已答',
  failed: '保存失败',
  right: '答对',
  wrong: '答错',
  done: '已做',
  partial: '部分得分',
  pending: '待阅卷',
}

/** What a screen reader says of a cell of the card (issue 45): 第3题，已答. */
export function cellLabel(number: number, cell: ExerciseCell | SheetCell | ResultCell): string {
  return `第${number}题，${CELL_TEXT[cell]}`
}

/** 未答 N 题: the questions without an answer, for 交卷's confirm. */
export function unansweredCount(answers: ReadonlyArray<readonly string[] | null>): number {
  return answers.filter((a) => !isAnswered(a)).length
}

// ---------------------------------------------------------------------------------------------
// The save queue

export const SAVE_FAILED_TEXT = '保存失败，正在重试'

/** A failed save is tried again after 1, 2, 4, 8 then every 10 s. */
export function retryDelay(failures: number): number {
  return Math.min(10_000, 1000 * 2 ** Math.max(0, failures - 1))
}

export interface SaveQueueStatus {
  /** Positions with a save on its way. */
  saving: number[]
  /** Positions whose last save failed and are waiting for a retry. */
  failed: number[]
}

export interface SaveQueueOptions {
  /** Sends one answer (saveAnswer). */
  send: (position: number, answer: Answer) => Promise<unknown>
  /**
   * A refusal no retry will change (409 考试已结束, the attempt closed): the queue stops and says
   * so through `onClosed`.
   */
  isFinal?: (err: unknown) => boolean
  onChange?: (status: SaveQueueStatus) => void
  onClosed?: (err: unknown) => void
  /** Timers, for tests. */
  setTimer?: (fn: () => void, ms: number) => unknown
  clearTimer?: (timer: unknown) => void
}

export interface SaveQueue {
  /** An answer changed: saved at once, or after the save on its way for that question. */
  change: (position: number, answer: Answer) => void
  /** Sends every unsaved answer now and waits; true when everything was saved. */
  flush: () => Promise<boolean>
  status: () => SaveQueueStatus
  /** Stops the timers (the page is gone, or the attempt closed). */
  dispose: () => void
}

interface Slot {
  /** The answer wanted on the server. */
  wanted: Answer
  /** The answer the server last accepted (null: none known). */
  saved: Answer | null
  inFlight: Promise<void> | null
  failures: number
  timer: unknown
}

/**
 * Every change is saved at once; at most one save per question is on its way, and when it is
 * back the latest answer goes if it differs (the latest wins). A failed save is retried with
 * backoff (the page shows 保存失败，正在重试) until it goes through, a newer change comes (sent at
 * once), or the server refuses for good (the attempt has ended).
 */
export function createSaveQueue(options: SaveQueueOptions): SaveQueue {
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms))
  const clearTimer = options.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>))
  const slots = new Map<number, Slot>()
  let closed = false

  const status = (): SaveQueueStatus => {
    const saving: number[] = []
    const failed: number[] = []
    for (const [position, slot] of slots) {
      if (slot.inFlight) saving.push(position)
      if (slot.failures > 0) failed.push(position)
    }
    return { saving: saving.sort((a, b) => a - b), failed: failed.sort((a, b) => a - b) }
  }
  const changed = () => options.onChange?.(status())
  const unsaved = (slot: Slot) => slot.saved === null || !sameAnswer(slot.saved, slot.wanted)

  function send(position: number, slot: Slot): Promise<void> {
    if (slot.timer !== null) {
      clearTimer(slot.timer)
      slot.timer = null
    }
    const answer = slot.wanted
    const trip = options
      .send(position, answer)
      .then(
        () => {
          slot.saved = answer
          slot.failures = 0
        },
        (err: unknown) => {
          if (options.isFinal?.(err)) {
            slot.failures = 0
            if (closed) return
            closed = true
            for (const s of slots.values()) if (s.timer !== null) clearTimer(s.timer)
            options.onClosed?.(err)
            return
          }
          slot.failures += 1
        },
      )
      .then(() => {
        slot.inFlight = null
        if (closed) return changed()
        if (unsaved(slot)) {
          // A newer answer came meanwhile: it goes now; a failed one after the backoff.
          if (slot.failures === 0 || !sameAnswer(answer, slot.wanted)) void send(position, slot)
          else
            slot.timer = setTimer(() => {
              slot.timer = null
              if (!closed && !slot.inFlight) void send(position, slot)
            }, retryDelay(slot.failures))
        }
        changed()
      })
    slot.inFlight = trip
    changed()
    return trip
  }

  return {
    change(position, answer) {
      if (closed) return
      const slot = slots.get(position) ?? { wanted: [], saved: null, inFlight: null, failures: 0, timer: null }
      slots.set(position, slot)
      slot.wanted = answer
      if (!slot.inFlight) void send(position, slot)
    },
    async flush() {
      // Rounds until nothing is on its way: each sends what is unsaved (a failed one once more, now).
      for (let round = 0; round < 3 && !closed; round++) {
        const trips: Array<Promise<void>> = []
        for (const [position, slot] of slots) {
          if (slot.inFlight) trips.push(slot.inFlight)
          else if (unsaved(slot)) trips.push(send(position, slot))
        }
        if (trips.length === 0) break
        await Promise.all(trips)
        // Let a follow-up save started by a trip's end register before looking again.
        await Promise.resolve()
      }
      return !closed && [...slots.values()].every((slot) => !slot.inFlight && !unsaved(slot))
    },
    status,
    dispose() {
      closed = true
      for (const slot of slots.values()) if (slot.timer !== null) clearTimer(slot.timer)
    },
  }
}

// ---------------------------------------------------------------------------------------------
// Closing

/**
 * 交卷 (the person's, or the page's own at 0): overPaper; if that is refused (the server closed it
 * already: 超时自动交卷, 老师收卷) the attempt is read, which answers the result once closed.
 */
export async function closeAttempt<R>({ over, read }: { over: () => Promise<R>; read: () => Promise<R> }): Promise<R> {
  try {
    return await over()
  } catch (err) {
    return read().catch(() => {
      throw err
    })
  }
}
