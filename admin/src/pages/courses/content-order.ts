/**
 * A course's outline reordered by dragging (pure; content-order.test.ts): chapters among
 * themselves, sections within a chapter or into another chapter of the course. Each move ends in
 * the one call the back-office takes, a level's whole order: `chapter/sort {courseId, ids}` or
 * `chapter/sortSection {chapterId, ids}` (a section from another chapter moves there).
 *
 * The drag library names what it drags by text keys: `chapter-3`, `section-12`.
 */

export interface OutlineChapter<S extends { id: number } = { id: number }> {
  id: number
  sections: S[]
}

export type DragKey = string

export const chapterKey = (id: number): DragKey => `chapter-${id}`
export const sectionKey = (id: number): DragKey => `section-${id}`

export type Target = { kind: 'chapter' | 'section'; id: number }

/** What a drag key names; null for anything else. */
export function parseKey(key: string | number | null | undefined): Target | null {
  const match = /^(chapter|section)-(\d+)$/.exec(String(key ?? ''))
  if (!match) return null
  return { kind: match[1] as Target['kind'], id: Number(match[2]) }
}

/** The list with the item at `from` moved to `to` (as the drag library's own arrayMove). */
export function arrayMove<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list]
  const [item] = next.splice(from, 1)
  if (item === undefined) return next
  next.splice(to, 0, item)
  return next
}

/** Chapter `activeId` dropped on chapter `overId`: the new order and the ids to send; null when nothing moved. */
export function moveChapter<C extends { id: number }>(
  chapters: readonly C[],
  activeId: number,
  overId: number,
): { chapters: C[]; ids: number[] } | null {
  const from = chapters.findIndex((c) => c.id === activeId)
  const to = chapters.findIndex((c) => c.id === overId)
  if (from < 0 || to < 0 || from === to) return null
  const next = arrayMove(chapters, from, to)
  return { chapters: next, ids: next.map((c) => c.id) }
}

/** The chapter holding a section. */
export function chapterOf<S extends { id: number }, C extends OutlineChapter<S>>(chapters: readonly C[], sectionId: number): C | undefined {
  return chapters.find((c) => c.sections.some((s) => s.id === sectionId))
}

/**
 * Section `sectionId` dropped on `over`: on a section of the same chapter it takes that section's
 * place (the others shift, as in a list); on a section of another chapter it goes before it, or
 * after it when `below` (the pointer past its middle); on a chapter it goes to that chapter's end.
 * The same array back when nothing changes.
 */
export function moveSection<S extends { id: number }, C extends OutlineChapter<S>>(
  chapters: readonly C[],
  sectionId: number,
  over: Target,
  below = false,
): readonly C[] {
  const source = chapterOf(chapters, sectionId)
  const target = over.kind === 'chapter' ? chapters.find((c) => c.id === over.id) : chapterOf(chapters, over.id)
  if (!source || !target) return chapters
  const from = source.sections.findIndex((s) => s.id === sectionId)
  const moving = source.sections[from]
  if (!moving) return chapters
  if (source.id === target.id) {
    if (over.kind === 'chapter' || over.id === sectionId) return chapters
    const to = target.sections.findIndex((s) => s.id === over.id)
    return chapters.map((c) => (c.id === source.id ? { ...c, sections: arrayMove(c.sections, from, to) } : c))
  }
  const rest = target.sections
  const at = over.kind === 'chapter' ? rest.length : rest.findIndex((s) => s.id === over.id) + (below ? 1 : 0)
  return chapters.map((c) => {
    if (c.id === source.id) return { ...c, sections: c.sections.filter((s) => s.id !== sectionId) }
    if (c.id === target.id) return { ...c, sections: [...rest.slice(0, at), moving, ...rest.slice(at)] }
    return c
  })
}

/**
 * The call a section's move needs, comparing the outline before the drag with the one after: the
 * chapter it is in now and that chapter's whole order; null when it is where it was.
 */
export function sectionSortCall(
  before: readonly OutlineChapter[],
  after: readonly OutlineChapter[],
  sectionId: number,
): { chapterId: number; ids: number[] } | null {
  const now = chapterOf(after, sectionId)
  if (!now) return null
  const ids = now.sections.map((s) => s.id)
  const was = chapterOf(before, sectionId)
  if (was?.id === now.id && was.sections.map((s) => s.id).join(',') === ids.join(',')) return null
  return { chapterId: now.id, ids }
}
