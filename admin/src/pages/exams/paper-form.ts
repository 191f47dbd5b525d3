/**
 * The paper editors' values and what they send (pure; paper-form.test.ts): the paper's details
 * with its window picked as office wall-clock times, a fixed paper's questions with their scores
 * in order, a random paper's rules with what the bank holds for each, and the totals shown under
 * them. The server checks the same rules again (and that the rules can be drawn when publishing).
 */
import { PaperKind, PaperUse, QuestionType, type Difficulty } from '@activity/wire'
import type { PaperDetail, PaperInput, PaperQuestion, PaperRule, RuleInput } from '../../api/exams'
import { officeInstant, officeTime } from '../../format'

export const DURATION_MAX = 600
export const ATTEMPTS_MAX = 100
export const SCORE_MAX = 100
export const RULE_COUNT_MAX = 200
export const TITLE_MAX = 60
export const INTRO_MAX = 2000

/** A question's score when it is added to a paper or a rule is added, by type. */
export const DEFAULT_SCORE: Record<QuestionType, number> = {
  [QuestionType.single]: 2,
  [QuestionType.multiple]: 4,
  [QuestionType.judge]: 2,
  [QuestionType.fill]: 4,
  [QuestionType.short]: 10,
}

const WALL_CLOCK = 'YYYY-MM-DD HH:mm:ss'

export type PaperValues = {
  courseId?: number
  title: string
  use: PaperUse
  kind: PaperKind
  intro?: string
  durationMinutes: number
  /** [opens, closes] as the office's wall clock (the picker's strings); empty: no window. */
  window?: [string, string] | null
  maxAttempts: number
  passScore: number
  shuffleQuestions: boolean
  shuffleOptions: boolean
  showRank: boolean
}

export function paperValues(paper?: PaperDetail, defaults: { courseId?: number } = {}): PaperValues {
  if (!paper) {
    return {
      courseId: defaults.courseId,
      title: '',
      use: PaperUse.mock,
      kind: PaperKind.fixed,
      intro: '',
      durationMinutes: 60,
      window: null,
      maxAttempts: 1,
      passScore: 60,
      shuffleQuestions: false,
      shuffleOptions: false,
      showRank: false,
    }
  }
  return {
    courseId: paper.courseId,
    title: paper.title,
    use: paper.use,
    kind: paper.kind,
    intro: paper.intro,
    durationMinutes: paper.durationMinutes,
    window:
      paper.opensAt && paper.closesAt
        ? [officeTime(paper.opensAt).format(WALL_CLOCK), officeTime(paper.closesAt).format(WALL_CLOCK)]
        : null,
    maxAttempts: paper.maxAttempts,
    passScore: paper.passScore,
    shuffleQuestions: paper.shuffleQuestions,
    shuffleOptions: paper.shuffleOptions,
    showRank: paper.showRank,
  }
}

/** What the paper form sends; throws the message to show (the form checks first). */
export function paperBody(values: PaperValues): PaperInput {
  if (!values.courseId) throw new Error('请选择课程')
  const title = values.title.trim()
  if (!title) throw new Error('请填写试卷名称')
  const [opens, closes] = values.window ?? []
  // Left out: no window (the server stores none).
  const opensAt = opens ? officeInstant(opens) : undefined
  const closesAt = closes ? officeInstant(closes) : undefined
  if (opensAt && closesAt && opensAt >= closesAt) throw new Error('结束时间须晚于开始时间')
  return {
    courseId: values.courseId,
    title,
    use: values.use,
    kind: values.kind,
    intro: (values.intro ?? '').trim(),
    durationMinutes: values.durationMinutes,
    opensAt,
    closesAt,
    maxAttempts: values.maxAttempts,
    passScore: values.passScore,
    shuffleQuestions: values.shuffleQuestions,
    shuffleOptions: values.shuffleOptions,
    showRank: values.showRank,
  }
}

/** A question on a fixed paper as the editor holds it: `id` is the question's (SortableList keys by it). */
export type PickedQuestion = Pick<PaperQuestion, 'type' | 'difficulty' | 'stem' | 'score'> & { id: number }

export function pickedFrom(questions: readonly PaperQuestion[]): PickedQuestion[] {
  return [...questions]
    .sort((a, b) => a.sort - b.sort)
    .map(({ questionId, type, difficulty, stem, score }) => ({ id: questionId, type, difficulty, stem, score }))
}

/** Bank questions added to the end of the list, each at its type's default score; ones already on it are skipped. */
export function addPicked(
  current: readonly PickedQuestion[],
  added: ReadonlyArray<{ id: number; type: QuestionType; difficulty: Difficulty; stem: string }>,
): PickedQuestion[] {
  const have = new Set(current.map((q) => q.id))
  const fresh = added.filter((q) => !have.has(q.id)).map((q) => ({ ...q, score: DEFAULT_SCORE[q.type] }))
  return [...current, ...fresh.filter((q, i) => fresh.findIndex((o) => o.id === q.id) === i)]
}

export function pickedTotal(items: ReadonlyArray<{ score: number }>): number {
  return items.reduce((sum, q) => sum + (Number.isFinite(q.score) ? q.score : 0), 0)
}

/** Why the list cannot be saved, or undefined. */
export function pickedProblem(items: readonly PickedQuestion[]): string | undefined {
  const bad = items.findIndex((q) => !Number.isInteger(q.score) || q.score < 1 || q.score > SCORE_MAX)
  if (bad >= 0) return `第${bad + 1}题的分值须为1到${SCORE_MAX}的整数`
  return undefined
}

export function pickedBody(paperId: number, items: readonly PickedQuestion[]) {
  return { paperId, items: items.map((q) => ({ questionId: q.id, score: q.score })) }
}

/** A rule as the editor holds it: `available` is what the bank holds for it (null while unknown). */
export type RuleRow = {
  key: string
  chapterId: number | null
  type: QuestionType
  difficulty: Difficulty | null
  count: number
  score: number
  available: number | null
}

export function rulesFrom(rules: readonly PaperRule[]): RuleRow[] {
  return rules.map((r) => ({
    key: `saved-${r.id}`,
    chapterId: r.chapterId,
    type: r.type,
    difficulty: r.difficulty,
    count: r.count,
    score: r.score,
    available: r.available,
  }))
}

export function newRule(key: string, type: QuestionType = QuestionType.single): RuleRow {
  return { key, chapterId: null, type, difficulty: null, count: 5, score: DEFAULT_SCORE[type], available: null }
}

/** Questions drawn and the paper's total score. */
export function rulesTotal(rules: ReadonlyArray<Pick<RuleRow, 'count' | 'score'>>): { count: number; score: number } {
  let count = 0
  let score = 0
  for (const r of rules) {
    const n = Number.isFinite(r.count) ? r.count : 0
    count += n
    score += n * (Number.isFinite(r.score) ? r.score : 0)
  }
  return { count, score }
}

/** The rule asks for more than the bank holds. */
export function ruleShort(rule: Pick<RuleRow, 'count' | 'available'>): boolean {
  return rule.available !== null && rule.count > rule.available
}

/**
 * Why the rules cannot be saved, or undefined. Two rules over the same chapter, type and
 * difficulty would draw from one pool: they are refused here as one rule (raise its count).
 * A rule the bank cannot fill yet may be saved (questions may come later), not published.
 */
export function rulesProblem(rules: readonly RuleRow[]): string | undefined {
  for (const [i, r] of rules.entries()) {
    if (!Number.isInteger(r.count) || r.count < 1 || r.count > RULE_COUNT_MAX) return `第${i + 1}条规则的数量须为1到${RULE_COUNT_MAX}的整数`
    if (!Number.isInteger(r.score) || r.score < 1 || r.score > SCORE_MAX) return `第${i + 1}条规则的分值须为1到${SCORE_MAX}的整数`
  }
  const seen = new Map<string, number>()
  for (const [i, r] of rules.entries()) {
    const key = `${r.chapterId ?? '*'}|${r.type}|${r.difficulty ?? '*'}`
    const first = seen.get(key)
    if (first !== undefined) return `第${i + 1}条规则与第${first + 1}条相同，请合并为一条`
    seen.set(key, i)
  }
  return undefined
}

export function rulesBody(paperId: number, rules: readonly RuleRow[]): { paperId: number; rules: RuleInput[] } {
  return {
    paperId,
    // A rule without a chapter or difficulty leaves it out (any).
    rules: rules.map(({ chapterId, type, difficulty, count, score }) => ({
      type,
      count,
      score,
      ...(chapterId === null ? {} : { chapterId }),
      ...(difficulty === null ? {} : { difficulty }),
    })),
  }
}

/** 不限 for a paper that anyone may sit any number of times. */
export function attemptsText(maxAttempts: number): string {
  return maxAttempts === 0 ? '不限次数' : `${maxAttempts} 次`
}
