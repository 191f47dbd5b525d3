/** 课表's addresses (issue 41); home's entry carries the list's too (home-faces STUDENT_LINKS, no import there). */
export const TIMETABLE_URL = '/pages/student/timetable'
