import type { PlaybackPlay, SectionPlay } from '../../../api/sms/study-types'
import { SectionKind, type Envelope } from '@activity/wire'

/**
 * What the player page plays: a course's section (video, document or live) or a live class's
 * playback (a video without the course's rule, prev/next or chapters).
 */
export interface Playable {
  source: 'section' | 'playback'
  kind: 'video' | 'document' | 'live'
  id: number
  /** null for a playback. */
  courseId: number | null
  courseTitle: string
  chapterTitle: string
  title: string
  duration: number
  url: string | null
  fileName: string | null
  liveSessionId: number | null
  position: number
  furthest: number
  watched: number
  finished: boolean
  noSkip: boolean
  prevId: number | null
  nextId: number | null
  heartbeatSeconds: number
}

const KIND: Record<SectionKind, Playable['kind']> = {
  [SectionKind.video]: 'video',
  [SectionKind.document]: 'document',
  [SectionKind.live]: 'live',
}

export const toPlayable = {
  section: (res: Envelope<SectionPlay>): Envelope<Playable> => ({
    ...res,
    data: { ...res.data, source: 'section', kind: KIND[res.data.kind] },
  }),
  playback: (res: Envelope<PlaybackPlay>): Envelope<Playable> => ({
    ...res,
    data: {
      ...res.data,
      source: 'playback',
      kind: 'video',
      courseId: null,
      chapterTitle: '直播回放',
      fileName: null,
      liveSessionId: res.data.id,
      noSkip: false,
      prevId: null,
      nextId: null,
    },
  }),
}
