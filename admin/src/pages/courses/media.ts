/**
 * Files of a course (pure but for the browser pieces passed in; media.test.ts): which files each
 * upload takes, a video's length read in the browser before it is sent (the back-office stores the
 * number it is given), and durations as people read them.
 */
import type { UploadKind } from '../../api/courses'

/** What each upload accepts (the back-office checks the content again). */
export const ACCEPT: Record<UploadKind, { types: readonly string[]; extensions: readonly string[]; label: string }> = {
  video: { types: ['video/mp4', 'video/webm'], extensions: ['.mp4', '.webm'], label: 'MP4 或 WebM 视频' },
  document: { types: ['application/pdf'], extensions: ['.pdf'], label: 'PDF 文档' },
  image: {
    types: ['image/png', 'image/jpeg', 'image/webp'],
    extensions: ['.png', '.jpg', '.jpeg', '.webp'],
    label: 'PNG、JPG 或 WebP 图片',
  },
}

/** The `accept` attribute of a file input for a kind. */
export function acceptOf(kind: UploadKind): string {
  return [...ACCEPT[kind].types, ...ACCEPT[kind].extensions].join(',')
}

/** Why a file is refused before it is sent, or null. A browser may give no type: the name's ending decides then. */
export function fileRefusal(file: { name: string; type: string; size: number }, kind: UploadKind): string | null {
  const { types, extensions, label } = ACCEPT[kind]
  const name = file.name.toLowerCase()
  const typed = file.type ? types.includes(file.type) : extensions.some((e) => name.endsWith(e))
  if (!typed) return `只能上传${label}`
  if (file.size === 0) return '文件是空的'
  return null
}

/** The part of a <video> element the duration reading uses (a fake one in tests). */
export interface VideoProbe {
  preload: string
  muted: boolean
  src: string
  duration: number
  currentTime: number
  addEventListener: (type: string, listener: () => void) => void
  removeAttribute: (name: string) => void
  load: () => void
}

export interface DurationReading {
  createVideo?: () => VideoProbe
  createUrl?: (file: Blob) => string
  revokeUrl?: (url: string) => void
  /** Give up after this long (a file the browser cannot decode may never answer). */
  timeoutMs?: number
}

/**
 * A video's length in seconds (two decimals), read from its metadata by a <video> element that is
 * never shown; null when the browser cannot tell (not a video it plays, or no answer in time), and
 * the operator types it instead. A recorded WebM often says Infinity until the browser is asked to
 * seek to its end: then the real length arrives with `durationchange`.
 */
export function readVideoDuration(file: Blob, options: DurationReading = {}): Promise<number | null> {
  const {
    createVideo = () => document.createElement('video') as VideoProbe,
    createUrl = (f: Blob) => URL.createObjectURL(f),
    revokeUrl = (u: string) => URL.revokeObjectURL(u),
    timeoutMs = 15_000,
  } = options
  return new Promise((resolve) => {
    const video = createVideo()
    const url = createUrl(file)
    let done = false
    const finish = (seconds: number | null) => {
      if (done) return
      done = true
      clearTimeout(timer)
      video.removeAttribute('src')
      video.load()
      revokeUrl(url)
      resolve(seconds !== null && Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 100) / 100 : null)
    }
    const timer = setTimeout(() => finish(null), timeoutMs)
    let seeking = false
    const read = () => {
      if (Number.isFinite(video.duration) && video.duration > 0) return finish(video.duration)
      if (video.duration === Infinity && !seeking) {
        seeking = true
        video.currentTime = Number.MAX_SAFE_INTEGER
        return
      }
      if (!seeking) finish(null)
    }
    video.addEventListener('loadedmetadata', read)
    video.addEventListener('durationchange', () => {
      if (seeking) read()
    })
    video.addEventListener('error', () => finish(null))
    video.preload = 'metadata'
    video.muted = true
    video.src = url
  })
}

/** 75.4 -> 1:15, 3725 -> 1:02:05 (whole seconds, rounded). */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return '-'
  const total = Math.round(seconds)
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = String(total % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

/** Study time as people say it: 2小时5分, 12分, 40秒, 0. */
export function formatStudyTime(seconds: number): string {
  const total = Math.max(0, Math.round(seconds))
  if (total === 0) return '0'
  if (total < 60) return `${total}秒`
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  return h > 0 ? `${h}小时${m > 0 ? `${m}分` : ''}` : `${m}分`
}

/** 1536 -> 1.5 KB, 5 * 1024 * 1024 -> 5.0 MB. */
export function formatBytes(bytes: number | null | undefined): string {
  if (!bytes || bytes <= 0) return '-'
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`
  return `${(bytes / 1024 / 1024 / 1024).toFixed(2)} GB`
}
