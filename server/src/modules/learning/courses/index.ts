// The courses module's face: what other modules may use (they import nothing else from here).
//
// For the study module (progress, the player, my courses, live classes):
// - sectionAccess({ db, studentId, sectionId }) -> { section, chapter, course, enrolment | null, allowed } | undefined:
//   allowed = on the course (any source), or a 试看 section of a listed course; undefined = no such section.
// - findEnrolment({ db, studentId, courseId }) -> the enrolment row or null.
// - findLiveSession({ db, id }) -> { live, courseTitle } | undefined; liveStatus(live, now?) -> 未开始 | 直播中 | 已结束.
// - courseOutline({ db, courseId }) -> { chapters, sections } in the course's order (prev/next, totals).
// - the signed address of a section's file: fileUrl({ secret: app.config.secret, key }) from gateways/storage/index.ts.
// - the tables (courses, courseSections, courseEnrolments, liveSessions…) for joins in the study module's queries.
export { coursesRoutes } from './courses.routes.ts'
export {
  courseOutline,
  enrolPaidCourse,
  findEnrolment,
  findLiveSession,
  grantCourse,
  liveStatus,
  sectionAccess,
} from './courses.service.ts'
export { ensureCourseCategories, seedCoursesDemo, COURSES_DEMO } from './courses.seed.ts'
export type { ChapterRow, CourseRow, EnrolmentRow, LiveSessionRow, SectionRow } from './courses.repository.ts'
export {
  courseCategories,
  courseChapters,
  courseClicks,
  courseEnrolments,
  courseFavourites,
  courses,
  courseSections,
  liveSessions,
} from './courses.table.ts'
