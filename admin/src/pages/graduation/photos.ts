/**
 * 毕业照片's rules the screens share (pure; photos.test.ts): a collection's specification in one
 * line, the form's defaults and the body it sends, a student's photo status (未上传 when none), a
 * photo's size, and what the download asks for (a ZIP named by 身份证号 is a 明文导出).
 */
import { PHOTO_SPEC_DEFAULTS, photoKbText } from '@activity/domain'
import { PhotoNaming } from '@activity/wire'
import type { PhotoCollection, PhotoCollectionInput, StudentPhoto } from '../../api/graduation'

/** A student without a photo: the filter the server takes beside the approval statuses. */
export const NOT_UPLOADED = '未上传'

/** What the national registration usually asks for: 开启采集 starts from it. */
export const PHOTO_DEFAULTS = PHOTO_SPEC_DEFAULTS

export const NAMING_OPTIONS = [
  { value: PhotoNaming.idCard, label: '身份证号（如 110101199001011234.jpg）' },
  { value: PhotoNaming.studentNo, label: '学号' },
]

/** A collection's state as a tag (status.tsx EnumTag): 采集中 until its deadline has passed. */
export const OPEN_LOOKS = {
  true: { text: '采集中', status: 'Processing' },
  false: { text: '已截止', status: 'Default' },
} as const

export function openKey(c: Pick<PhotoCollection, 'open'>): keyof typeof OPEN_LOOKS {
  return c.open ? 'true' : 'false'
}

/** The dialog's values: the deadline as the date picker's wall-clock text. */
export interface CollectionValues {
  title: string
  batchYear: number | undefined
  batch: number | undefined
  deadlineDate: string | undefined
  width: number
  height: number
  minKb: number
  maxKb: number
  background: string
  naming: PhotoNaming
}

/** 480×640 JPG 10–100KB 浅蓝色 */
export function specLabel(c: Pick<PhotoCollection, 'width' | 'height' | 'minKb' | 'maxKb' | 'background'>): string {
  return `${c.width}×${c.height} JPG ${c.minKb}–${c.maxKb}KB ${c.background}`
}

/** A new collection starts from the defaults and this year; an edit from the collection. */
export function collectionValues(c?: PhotoCollection, today = new Date()): CollectionValues {
  if (!c)
    return {
      title: '',
      batchYear: today.getFullYear(),
      batch: undefined,
      deadlineDate: undefined,
      ...PHOTO_DEFAULTS,
    }
  return {
    title: c.title,
    batchYear: c.batchYear,
    batch: c.batch,
    deadlineDate: c.deadlineDate,
    width: c.width,
    height: c.height,
    minKb: c.minKb,
    maxKb: c.maxKb,
    background: c.background,
    naming: c.naming,
  }
}

/** What is wrong before sending (the server checks again), or null. */
export function collectionRefusal(values: CollectionValues): string | null {
  if (values.minKb > values.maxKb) return '文件大小下限不能大于上限'
  return null
}

/** The body the server takes: text trimmed, the deadline as YYYY-MM-DD. */
export function collectionBody(values: CollectionValues): PhotoCollectionInput {
  return {
    title: values.title.trim(),
    batchYear: values.batchYear ?? 0,
    batch: values.batch ?? 0,
    deadlineDate: (values.deadlineDate ?? '').slice(0, 10),
    width: values.width,
    height: values.height,
    minKb: values.minKb,
    maxKb: values.maxKb,
    background: values.background.trim(),
    naming: values.naming,
  }
}

/** A student's photo status: their latest photo's approval, or 未上传. */
export function photoStatusOf(row: Pick<StudentPhoto, 'photo'>): string {
  return row.photo?.status ?? NOT_UPLOADED
}

/** 36KB, 8.5KB: a photo's bytes in the words the student's refusals use (packages/domain photoKbText). */
export function photoSize(bytes: number): string {
  return `${photoKbText(bytes)}KB`
}

/** Photos named by 身份证号 carry the numbers in full: their download is a 明文导出 (step-up). */
export function namesByIdCard(c: Pick<PhotoCollection, 'naming'>): boolean {
  return c.naming === PhotoNaming.idCard
}

/** The download's query: the collection, and `unmasked=是` when the names are ID numbers. */
export function downloadQuery(c: Pick<PhotoCollection, 'id' | 'naming'>): { collectionId: number; unmasked?: '是' } {
  return namesByIdCard(c) ? { collectionId: c.id, unmasked: '是' } : { collectionId: c.id }
}
