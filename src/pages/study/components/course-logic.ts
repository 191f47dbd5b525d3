import type { CourseDetail, SectionItem } from '../../../api/sms/study-types'
import { formatYuan } from '@activity/money'
import { ProductStatus, SectionKind } from '@activity/wire'
import { formatClock } from './player'

/** 免费, or the price in yuan. */
export const priceText = (fen: number) => (fen > 0 ? formatYuan(fen) : '免费')

/** 12 节 · 35 人在学 (a course nobody studies yet says only its sections). */
export const countsText = (c: { sectionCount: number; studentCount: number }) =>
  c.studentCount > 0 ? `${c.sectionCount} 节 · ${c.studentCount} 人在学` : `${c.sectionCount} 节`

/** What the bottom bar of 课程详情 offers. */
export type CourseAction =
  | { kind: 'study'; label: '继续学习' | '开始学习'; sectionId: number | null }
  | { kind: 'join'; label: '免费加入' }
  | { kind: 'buy'; label: string }
  | { kind: 'unlisted'; label: '课程已下架' }

/** The sections in order, chapter by chapter. */
export function sectionsOf(course: Pick<CourseDetail, 'chapters'>): SectionItem[] {
  return course.chapters.flatMap((c) => c.sections)
}

/** Where studying the course goes on: the last section studied, else the first one that is not finished. */
export function studySectionOf(course: Pick<CourseDetail, 'chapters' | 'lastSectionId'>): number | null {
  const open = sectionsOf(course).filter((s) => !s.locked)
  if (course.lastSectionId !== null && open.some((s) => s.id === course.lastSectionId)) return course.lastSectionId
  return (open.find((s) => !s.finished && s.kind !== SectionKind.live) ?? open[0])?.id ?? null
}

/** The first section open for a trial, for 免费试看. */
export function trialSectionOf(course: Pick<CourseDetail, 'chapters'>): number | null {
  return sectionsOf(course).find((s) => s.trial && !s.locked)?.id ?? null
}

/**
 * Joined: study (继续学习 once any progress, else 开始学习). Not joined: a listed free course is
 * joined at once, a paid one bought (继续支付 when an order of mine for it waits); an unlisted one
 * can no longer be had.
 */
export function courseActionOf(course: CourseDetail): CourseAction {
  if (course.joined) {
    const started = course.lastSectionId !== null || course.progress.finished > 0
    return { kind: 'study', label: started ? '继续学习' : '开始学习', sectionId: studySectionOf(course) }
  }
  if (course.status !== ProductStatus.listed) return { kind: 'unlisted', label: '课程已下架' }
  if (course.price <= 0) return { kind: 'join', label: '免费加入' }
  return { kind: 'buy', label: `${course.pendingOrderId ? '继续支付' : '立即购买'} ${formatYuan(course.price)}` }
}

/** A section's line in the catalogue of a joined course: 已学完, where I stopped, or 未学习. */
export function sectionProgressText(section: Pick<SectionItem, 'finished' | 'position' | 'kind'>): string {
  if (section.finished) return '已学完'
  if (section.kind === SectionKind.video && section.position > 0) return `上次学到 ${formatClock(section.position)}`
  return '未学习'
}

/** Why a locked section does not open. */
export const lockedText = (course: Pick<CourseDetail, 'price'>) => (course.price > 0 ? '购买课程后即可学习' : '加入课程后即可学习')
