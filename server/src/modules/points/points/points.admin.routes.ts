import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { pointsApplicationsAdminRoutes, pointsRecordsAdminRoutes } from './points.admin.records.routes.ts'
import { pointsLevelsAdminRoutes, pointsWaysAdminRoutes } from './points.admin.settings.routes.ts'
import { pointsGoodsAdminRoutes, pointsOrdersAdminRoutes } from './points.admin.shop.routes.ts'
import { registerImageUploads } from './points.upload.ts'

/**
 * The office's 积分 group, in three files: settings (ways, levels), records (+ 人工调整) and
 * applications, the shop (goods and exchange orders). Every role reads; 管理员 writes, audited in the write's transaction.
 * The screens are added to this plugin's own scope (not registered as child plugins), as before.
 */
export const pointsAdminRoutes: FastifyPluginAsyncZod = async (app, options) => {
  await registerImageUploads(app)
  for (const screen of [
    pointsWaysAdminRoutes,
    pointsLevelsAdminRoutes,
    pointsRecordsAdminRoutes,
    pointsApplicationsAdminRoutes,
    pointsGoodsAdminRoutes,
    pointsOrdersAdminRoutes,
  ])
    await screen(app, options)
}
