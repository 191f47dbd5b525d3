import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, ok } from '../../../lib/envelope.ts'
import { headTeacherHomeSchema } from './staff-home.schemas.ts'
import { headTeacherHome } from './staff-home.service.ts'

/** The staff's workbench in the app: what a head teacher sees first (the enrolment teacher's is the console's 工作台). */
export const staffHomeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/zms/zhijiaotong/page/homePageForHeaderTeacher',
    {
      preHandler: app.requireAdmin(),
      schema: {
        summary:
          "A head teacher's workbench: my classes, approvals waiting for me, my students on leave today, the latest notices with how many of my students read them",
        security: [{ adminSession: [] }],
        response: { 200: envelope(headTeacherHomeSchema) },
      },
    },
    async (request) => ok(await headTeacherHome({ db: app.db, adminId: request.admin.id })),
  )
}
