// The courses module's face: what other modules may use (they import nothing else from here).
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
