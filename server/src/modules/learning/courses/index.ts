// The courses module's face: what other modules may use (they import nothing else from here).
//
// For the study module (progress, the player, my courses, live classes):
// - sectionAccess({ db, studentId, sectionId }) -> { section, chapter, course, enrolment | null, allowed } | undefined:
//   allowed = on the course (any source), or a 试看 section of a listed course; undefined = no such section.
// - findEnrolment({ db, studentId, courseId }) -> the enrolment row or null.
// - findLiveSession({ db, id }) -> { live, courseTitle } | undefined; liveStatus(live, now?) -> 未开始 | 直播中 | 已结束.
// - courseOutline({ db, courseId }) -> { chapters, sections } in the course's order (prev/next, totals).
// - the signed address of a section's file: fileUrl({ secret: app.config.secret, key }) from gateways/storage/index.ts.
// - read views (coursesView, courseSectionsView, courseEnrolmentsView, liveSessionsView…) for joins in other modules' queries;
//   writes through functions: touchEnrolment({ db, enrolmentId, sectionId, finished?, now }) (study, in its transaction),
//   claimLiveReminders({ db, now, beforeMs }) (the live reminders job).
// - coursesRoutes is registered with sectionsWithProgress (study) and courseInUse (question bank, exams) by modules/index.ts.
export { coursesRoutes } from './courses.routes.ts'
export {
  claimLiveReminders,
  courseOutline,
  enrolPaidCourse,
  findEnrolment,
  findLiveSession,
  grantCourse,
  liveStatus,
  sectionAccess,
  touchEnrolment,
} from './courses.service.ts'
export { ensureCourseCategories, seedCoursesDemo, COURSES_DEMO } from './courses.seed.ts'
export type { ChapterRow, CourseRow, EnrolmentRow, LiveSessionRow, SectionRow } from './courses.repository.ts'
export type { CourseInUse, SectionsWithProgress } from './courses.service.ts'

export { courseChaptersView, courseEnrolmentsView, courseSectionsView, coursesView, liveSessionsView } from './courses.views.ts'
