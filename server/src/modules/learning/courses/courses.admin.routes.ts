import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { coursesAdminCategoriesRoutes, coursesAdminCoursesRoutes } from './courses.admin.catalogue.routes.ts'
import { coursesAdminChaptersRoutes, coursesAdminGrantsRoutes, coursesAdminLiveRoutes } from './courses.admin.content.routes.ts'
import type { CourseInUse } from './courses.service.ts'

/** The office's side of courses, in two files: the catalogue (categories, courses) and a course's content (chapters and sections, live sessions, grants): every role reads, 管理员 writes; every write is in the audit log. */
export const coursesAdminRoutes: FastifyPluginAsyncZod<{ courseInUse: CourseInUse }> = async (app, { courseInUse }) => {
  await app.register(coursesAdminCategoriesRoutes)
  await app.register(coursesAdminCoursesRoutes, { courseInUse })
  await app.register(coursesAdminChaptersRoutes)
  await app.register(coursesAdminLiveRoutes)
  await app.register(coursesAdminGrantsRoutes)
}
