import { defineFamily } from '../define'

/** /api/cms/selftaught: the self-taught area (courses, chapters, papers, exercises, videos, live, materials). */
export const selftaught = defineFamily('/api/cms/selftaught', {
  course: { actions: { listForClient: true } },
  chapter: {},
  paper: {},
  exercise: {},
  video: { actions: { progress: 'PUT' } },
  liveChapter: {},
  material: {},
})
