import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { coursesAdminCategoriesRoutes } from './courses.admin.categories.routes.ts'
import { coursesAdminChaptersRoutes } from './courses.admin.chapters.routes.ts'
import { coursesAdminCoursesRoutes } from './courses.admin.courses.routes.ts'
import { coursesAdminGrantsRoutes } from './courses.admin.grants.routes.ts'
import { coursesAdminLiveRoutes } from './courses.admin.live.routes.ts'
import type { CourseInUse } from './courses.service.ts'

/** The office's side of courses, one file per screen: every role reads, 管理员 writes; every write is in the audit log. */
export const coursesAdminRoutes: FastifyPluginAsyncZod<{ courseInUse: CourseInUse }> = async (app, { courseInUse }) => {
  await app.register(coursesAdminCategoriesRoutes)
  await app.register(coursesAdminCoursesRoutes, { courseInUse })
  await app.register(coursesAdminChaptersRoutes)
  await app.register(coursesAdminLiveRoutes)
  await app.register(coursesAdminGrantsRoutes)
}
