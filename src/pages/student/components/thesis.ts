import { ThesisFileStatus, ThesisSelectionStatus } from '@activity/wire'
import type { ThesisBatch, ThesisMine, ThesisSelection, ThesisStageState, ThesisTopic } from '../../../api/ems/thesis'

// 我的论文's page rules: the batch's timeline, the advisors one may propose a title to, whether the
// choice still stands, and the tags' hues. What may be done now is the server's to say (`refusal`,
// `topicRefusal`); the page only shows it.

export type ThesisTone = 'orange' | 'green' | 'red' | 'grey'

/** The timeline: 选题 (its window), then each stage's last day, an extension beside it. */
export function timelineRows(
  batch: ThesisBatch,
  stages: ThesisStageState[],
): Array<{ name: string; label: string; value: string; extended: string | null }> {
  return [
    { name: 'topic', label: '选题', value: `${batch.topicFrom} 至 ${batch.topicTo}`, extended: null },
    ...stages.map((s) => ({ name: `stage-${s.stage}`, label: s.stage, value: `${s.due} 截止`, extended: s.extendedTo })),
  ]
}

/** The choice that stands: a selection the advisor has not refused (null: a topic is to be chosen). */
export function liveSelection(mine: Pick<ThesisMine, 'selection'>): ThesisSelection | null {
  const s = mine.selection
  return s && s.status !== ThesisSelectionStatus.refused ? s : null
}

/** The batch's advisors, once each in the order their topics come: whom a title may be proposed to. */
export function advisorsOf(topics: ThesisTopic[]): Array<{ id: number; name: string }> {
  const seen = new Map<number, string>()
  for (const t of topics) if (!seen.has(t.advisorId)) seen.set(t.advisorId, t.advisorName)
  return Array.from(seen, ([id, name]) => ({ id, name }))
}

/** A choice's tag: 待确认 orange, 已确认 green, 已拒绝 red. */
export function selectionTone(status: string): ThesisTone {
  if (status === ThesisSelectionStatus.pending) return 'orange'
  if (status === ThesisSelectionStatus.accepted) return 'green'
  return status === ThesisSelectionStatus.refused ? 'red' : 'grey'
}

/** A version's tag: 待审阅 orange, 通过 green, 退回修改 red. */
export function fileTone(status: string): ThesisTone {
  if (status === ThesisFileStatus.pending) return 'orange'
  if (status === ThesisFileStatus.passed) return 'green'
  return status === ThesisFileStatus.returned ? 'red' : 'grey'
}

/** A file's size as people read it: 512KB, 1.5MB. */
export function bytesText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))}KB`
  return `${(Math.round((bytes / 1024 / 1024) * 10) / 10).toString()}MB`
}
