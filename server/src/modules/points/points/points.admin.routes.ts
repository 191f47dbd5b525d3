import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { pointsApplicationsAdminRoutes } from './points.admin.applications.routes.ts'
import { pointsGoodsAdminRoutes } from './points.admin.goods.routes.ts'
import { pointsLevelsAdminRoutes } from './points.admin.levels.routes.ts'
import { pointsOrdersAdminRoutes } from './points.admin.orders.routes.ts'
import { pointsRecordsAdminRoutes } from './points.admin.records.routes.ts'
import { pointsWaysAdminRoutes } from './points.admin.ways.routes.ts'
import { registerImageUploads } from './points.upload.ts'

/**
 * The office's 积分 group, one file a screen: ways, levels, records (+ 人工调整), applications,
 * goods and exchange orders. Every role reads; 管理员 writes, audited in the write's transaction.
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
