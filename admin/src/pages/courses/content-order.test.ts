import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { chapterKey, moveChapter, moveSection, parseKey, sectionKey, sectionSortCall } from './content-order.ts'

const outline = () => [
  { id: 1, sections: [{ id: 10 }, { id: 11 }, { id: 12 }] },
  { id: 2, sections: [{ id: 20 }, { id: 21 }] },
  { id: 3, sections: [] as Array<{ id: number }> },
]
const ids = (chapters: ReadonlyArray<{ id: number; sections: Array<{ id: number }> }>) =>
  chapters.map((c) => [c.id, c.sections.map((s) => s.id)])

describe('dragging a course’s outline', () => {
  test('a section dragged onto another of its chapter takes its place, and the chapter’s whole order is sent', () => {
    const before = outline()
    const after = moveSection(before, 10, { kind: 'section', id: 12 })
    assert.deepEqual(ids(after)[0], [1, [11, 12, 10]])
    assert.deepEqual(sectionSortCall(before, after, 10), { chapterId: 1, ids: [11, 12, 10] })
    // Upwards too: the last one dropped on the first goes first.
    assert.deepEqual(sectionSortCall(before, moveSection(before, 12, { kind: 'section', id: 10 }), 12), { chapterId: 1, ids: [12, 10, 11] })
  })

  test('a section dragged into another chapter goes before the section it is dropped on (after it when below), and that chapter is sent', () => {
    const before = outline()
    const moved = moveSection(before, 11, { kind: 'section', id: 21 })
    assert.deepEqual(ids(moved), [
      [1, [10, 12]],
      [2, [20, 11, 21]],
      [3, []],
    ])
    assert.deepEqual(sectionSortCall(before, moved, 11), { chapterId: 2, ids: [20, 11, 21] })
    assert.deepEqual(ids(moveSection(before, 11, { kind: 'section', id: 21 }, true))[1], [2, [20, 21, 11]])
  })

  test('a section dropped on a chapter (an empty one too) goes to its end', () => {
    const before = outline()
    const moved = moveSection(before, 20, { kind: 'chapter', id: 3 })
    assert.deepEqual(sectionSortCall(before, moved, 20), { chapterId: 3, ids: [20] })
    assert.deepEqual(ids(moved)[1], [2, [21]])
  })

  test('a drop where the section already is sends nothing', () => {
    const before = outline()
    assert.equal(moveSection(before, 11, { kind: 'section', id: 11 }), before)
    assert.equal(moveSection(before, 11, { kind: 'chapter', id: 1 }), before)
    assert.equal(sectionSortCall(before, before, 11), null)
    // Dragged out to another chapter and back to its place before the drop: nothing to send.
    const out = moveSection(before, 11, { kind: 'section', id: 20 })
    const back = moveSection(out, 11, { kind: 'section', id: 12 })
    assert.deepEqual(ids(back)[0], [1, [10, 11, 12]])
    assert.equal(sectionSortCall(before, back, 11), null)
  })

  test('chapters reorder among themselves and send the course’s whole chapter order', () => {
    const moved = moveChapter(outline(), 3, 1)
    assert.deepEqual(moved?.ids, [3, 1, 2])
    assert.equal(moveChapter(outline(), 2, 2), null)
    assert.equal(moveChapter(outline(), 9, 1), null)
  })

  test('drag keys name a chapter or a section and nothing else', () => {
    assert.deepEqual(parseKey(chapterKey(3)), { kind: 'chapter', id: 3 })
    assert.deepEqual(parseKey(sectionKey(12)), { kind: 'section', id: 12 })
    assert.equal(parseKey('row-1'), null)
    assert.equal(parseKey(null), null)
  })
})
