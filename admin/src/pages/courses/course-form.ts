/**
 * The course and section editors' values and what they send (pure; course-form.test.ts): the
 * price typed in yuan and sent in fen (parseYuan, the one conversion), the category picked as
 * [first level, second level] and sent as the second level's id; a section's file, length or
 * live session by its kind.
 */
import { formatYuan, parseYuan } from '@activity/money'
import { ProductType, SectionKind } from '@activity/wire'
import type { CategoryParent, CourseDetail, CourseInput, Section, SectionInput } from '../../api/courses'

export interface CourseValues {
  title: string
  /** [parent id, child id] */
  category: number[]
  type: ProductType
  /** yuan as typed */
  price: string
  cover?: string
  intro?: string
  teacher?: string
  noSkip: boolean
}

/** The most a course may cost (fen): ¥1,000,000.00, the back-office's limit. */
export const PRICE_MAX = 100_000_000

/** The first level a category sits under, as the cascader's path; [] when the tree does not hold it. */
export function categoryPath(tree: readonly CategoryParent[], categoryId: number): number[] {
  for (const parent of tree) {
    if (parent.children.some((c) => c.id === categoryId)) return [parent.id, categoryId]
  }
  return []
}

export interface CascaderOption {
  value: number
  label: string
  disabled?: boolean
  children?: CascaderOption[]
}

/**
 * The tree as cascader options: only second levels hold courses, so a first level without children
 * cannot be chosen. `keep` (the course's own category) stays choosable when it is disabled; other
 * disabled ones are shown disabled (`withDisabled`) or left out.
 */
export function categoryOptions(
  tree: readonly CategoryParent[],
  { withDisabled = true, keep }: { withDisabled?: boolean; keep?: number } = {},
): CascaderOption[] {
  return tree.flatMap((parent) => {
    const children = parent.children
      .filter((c) => withDisabled || c.enabled || c.id === keep)
      .map((c) => ({
        value: c.id,
        label: c.enabled ? c.name : `${c.name}（已禁用）`,
        disabled: !c.enabled && c.id !== keep,
      }))
    const holdsKeep = parent.children.some((c) => c.id === keep)
    if (!withDisabled && !parent.enabled && !holdsKeep) return []
    return [
      {
        value: parent.id,
        label: parent.enabled ? parent.name : `${parent.name}（已禁用）`,
        disabled: children.length === 0 || (!parent.enabled && !holdsKeep),
        children,
      },
    ]
  })
}

export function courseValues(course: CourseDetail | undefined, tree: readonly CategoryParent[]): Partial<CourseValues> {
  if (!course) return { type: ProductType.textbook, price: '0', noSkip: false }
  return {
    title: course.title,
    category: categoryPath(tree, course.categoryId),
    type: course.type,
    price: formatYuan(course.price, { symbol: false, grouping: false }),
    cover: course.cover ?? undefined,
    intro: course.intro,
    teacher: course.teacher,
    noSkip: course.noSkip,
  }
}

/** What the editor sends; throws the message to show when the price is not an amount (the form checks it first). */
export function courseBody(values: CourseValues): CourseInput {
  const price = parseYuan(String(values.price ?? ''))
  if (price === null) throw new Error('价格须为数字，最多两位小数')
  const categoryId = values.category.at(-1)
  if (categoryId === undefined) throw new Error('请选择课程分类')
  return {
    title: values.title.trim(),
    categoryId,
    type: values.type,
    price,
    cover: values.cover ?? '',
    intro: values.intro?.trim() ?? '',
    teacher: values.teacher?.trim() ?? '',
    noSkip: values.noSkip,
  }
}

/** ¥199.00, or 免费. */
export function priceText(fen: number): string {
  return fen === 0 ? '免费' : formatYuan(fen)
}

/** A section as its form holds it: the stored file (video, document) or the live session it shows. */
export interface SectionValues {
  title: string
  kind: SectionKind
  trial: boolean
  media?: { key: string; fileName: string; size: number | null }
  /** seconds */
  duration?: number | null
  liveSessionId?: number
}

/** What the section calls send: a video its file and length, a document its file, a live section its session. */
export function sectionBody(values: SectionValues): SectionInput {
  const base = { title: values.title.trim(), kind: values.kind, trial: Boolean(values.trial) }
  if (values.kind === SectionKind.live) {
    if (!values.liveSessionId) throw new Error('请选择直播场次')
    return { ...base, liveSessionId: values.liveSessionId }
  }
  if (!values.media) throw new Error(values.kind === SectionKind.video ? '请上传视频' : '请上传文档')
  const file = { mediaKey: values.media.key, fileName: values.media.fileName }
  if (values.kind === SectionKind.document) return { ...base, ...file }
  const duration = Number(values.duration)
  if (!Number.isFinite(duration) || duration <= 0) throw new Error('请填写视频时长')
  return { ...base, ...file, duration }
}

export function sectionValues(section: Section | undefined): Partial<SectionValues> {
  if (!section) return { kind: SectionKind.video, trial: false }
  return {
    title: section.title,
    kind: section.kind,
    trial: section.trial,
    media: section.mediaKey ? { key: section.mediaKey, fileName: section.fileName ?? section.mediaKey, size: section.size } : undefined,
    duration: section.kind === SectionKind.video ? section.duration : undefined,
    liveSessionId: section.liveSessionId ?? undefined,
  }
}
