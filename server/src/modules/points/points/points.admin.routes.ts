import { eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, FORM_CONSUMES, ok, pageOf } from '../../../lib/envelope.ts'
import { maskPhone } from '../../../lib/mask.ts'
import { audited } from '../../platform/index.ts'
import {
  createGoodNotFoundError,
  createLevelNotFoundError,
  createLevelTakenError,
  createWayKindTakenError,
  createWayNotFoundError,
} from './points.errors.ts'
import { createPointsRepository } from './points.repository.ts'
import { toApplication, toRecord } from './points.routes.ts'
import {
  accountsConsoleQuery,
  adjustBody,
  adjustedSchema,
  applicationSchema,
  applicationsQuery,
  approveBody,
  cancelBody,
  consoleAccountSchema,
  consoleApplicationSchema,
  consoleGoodOrderSchema,
  consoleRecordSchema,
  deletedSchema,
  goodBody,
  goodOrderSchema,
  goodSchema,
  goodsConsoleQuery,
  goodStatusBody,
  goodUpdateBody,
  idQuery,
  levelBody,
  levelSchema,
  levelUpdateBody,
  ordersConsoleQuery,
  recordsConsoleQuery,
  refuseBody,
  shipBody,
  uploadSchema,
  waySchema,
  wayBody,
  wayUpdateBody,
} from './points.schemas.ts'
import { adjustPoints, deleteLevel, deleteWay, reviewApplication, toLevel, toWay } from './points.service.ts'
import { cancelGoodOrder, checkGood, deleteGood, shipGoodOrder, toGood, toGoodOrder } from './points.shop.ts'
import { pointsLevels, pointsWays, shopGoods } from './points.table.ts'
import { registerImageUploads, storePointsImage } from './points.upload.ts'

/** A unique index refused the write: the Chinese refusal instead of a 500. */
async function refusingDuplicate<T>(write: () => Promise<T>, refusal: () => Error): Promise<T> {
  try {
    return await write()
  } catch (error) {
    const text = `${String(error)} ${String((error as { cause?: unknown })?.cause ?? '')}`
    if (/duplicate key|unique constraint|23505/i.test(text)) throw refusal()
    throw error
  }
}

/**
 * The office's 积分 group: ways, levels, records (+ 人工调整), applications, goods and exchange
 * orders. Every role reads; 管理员 writes, audited in the write's transaction.
 */
export const pointsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ adminSession: [] }]
  const reader = app.requireAdmin('points.view')
  const writer = app.requireAdmin('points.edit')
  const secret = app.config.secret
  const cyber = '/api/fms/cybermoney'
  await registerImageUploads(app)

  // ---- ways ----

  app.get(
    `${cyber}/pointsWay/list`,
    {
      preHandler: reader,
      schema: { summary: 'Operator: the points ways (积分途径)', security, response: { 200: envelope(pageOf(waySchema)) } },
    },
    async () => {
      const rows = await createPointsRepository({ db: app.db }).ways()
      return ok({ list: rows.map(toWay), total: rows.length, page: 1, size: Math.max(rows.length, 1) })
    },
  )
  app.post(
    `${cyber}/pointsWay/save`,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: add a way (one per kind: 409)',
        security,
        consumes: FORM_CONSUMES,
        body: wayBody,
        response: { 200: envelope(waySchema) },
      },
    },
    async (request) => {
      const way = await refusingDuplicate(
        () =>
          audited({
            app,
            request,
            run: async (tx) =>
              (
                await tx
                  .insert(pointsWays)
                  .values({ ...request.body, description: request.body.description ?? null })
                  .returning()
              )[0]!,
            describe: (w) => ({
              action: 'pointsWay.create',
              entityType: 'pointsWay',
              entityId: w.id,
              summary: `新增积分途径「${w.name}」`,
              after: toWay(w),
            }),
          }),
        createWayKindTakenError,
      )
      return ok(toWay(way))
    },
  )
  app.put(
    `${cyber}/pointsWay/update`,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: change a way',
        security,
        consumes: FORM_CONSUMES,
        body: wayUpdateBody,
        response: { 200: envelope(waySchema) },
      },
    },
    async (request) => {
      const { id, ...values } = request.body
      const way = await refusingDuplicate(
        () =>
          audited({
            app,
            request,
            run: async (tx) => {
              const [before] = await tx.select().from(pointsWays).where(eq(pointsWays.id, id)).for('update')
              if (!before) throw createWayNotFoundError()
              const [after] = await tx
                .update(pointsWays)
                .set({ ...values, description: values.description ?? null, updatedAt: new Date() })
                .where(eq(pointsWays.id, id))
                .returning()
              return { before, after: after! }
            },
            describe: (r) => ({
              action: 'pointsWay.update',
              entityType: 'pointsWay',
              entityId: id,
              summary: `修改积分途径「${r.after.name}」`,
              before: toWay(r.before),
              after: toWay(r.after),
            }),
          }),
        createWayKindTakenError,
      )
      return ok(toWay(way.after))
    },
  )
  app.delete(
    `${cyber}/pointsWay/delete`,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: delete a way (one with applications: 409, disable it)',
        security,
        querystring: idQuery,
        response: { 200: envelope(deletedSchema) },
      },
    },
    async (request) => {
      await audited({
        app,
        request,
        run: (tx) => deleteWay({ db: tx, id: request.query.id }),
        describe: (w) => ({
          action: 'pointsWay.delete',
          entityType: 'pointsWay',
          entityId: w.id,
          summary: `删除积分途径「${w.name}」`,
          before: toWay(w),
        }),
      })
      return ok({ id: request.query.id })
    },
  )

  // ---- levels ----

  app.get(
    `${cyber}/pointsLevel/list`,
    {
      preHandler: reader,
      schema: { summary: 'Operator: the points levels, lowest first', security, response: { 200: envelope(pageOf(levelSchema)) } },
    },
    async () => {
      const rows = await createPointsRepository({ db: app.db }).levels()
      return ok({ list: rows.map(toLevel), total: rows.length, page: 1, size: Math.max(rows.length, 1) })
    },
  )
  app.post(
    `${cyber}/pointsLevel/save`,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: add a level (same points as another: 409)',
        security,
        consumes: FORM_CONSUMES,
        body: levelBody,
        response: { 200: envelope(levelSchema) },
      },
    },
    async (request) => {
      const level = await refusingDuplicate(
        () =>
          audited({
            app,
            request,
            run: async (tx) => (await tx.insert(pointsLevels).values(request.body).returning())[0]!,
            describe: (l) => ({
              action: 'pointsLevel.create',
              entityType: 'pointsLevel',
              entityId: l.id,
              summary: `新增积分等级「${l.name}」`,
              after: toLevel(l),
            }),
          }),
        createLevelTakenError,
      )
      return ok(toLevel(level))
    },
  )
  app.put(
    `${cyber}/pointsLevel/update`,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: change a level',
        security,
        consumes: FORM_CONSUMES,
        body: levelUpdateBody,
        response: { 200: envelope(levelSchema) },
      },
    },
    async (request) => {
      const { id, ...values } = request.body
      const level = await refusingDuplicate(
        () =>
          audited({
            app,
            request,
            run: async (tx) => {
              const [before] = await tx.select().from(pointsLevels).where(eq(pointsLevels.id, id)).for('update')
              if (!before) throw createLevelNotFoundError()
              const [after] = await tx
                .update(pointsLevels)
                .set({ ...values, updatedAt: new Date() })
                .where(eq(pointsLevels.id, id))
                .returning()
              return { before, after: after! }
            },
            describe: (r) => ({
              action: 'pointsLevel.update',
              entityType: 'pointsLevel',
              entityId: id,
              summary: `修改积分等级「${r.after.name}」`,
              before: toLevel(r.before),
              after: toLevel(r.after),
            }),
          }),
        createLevelTakenError,
      )
      return ok(toLevel(level.after))
    },
  )
  app.delete(
    `${cyber}/pointsLevel/delete`,
    {
      preHandler: writer,
      schema: { summary: '管理员: delete a level', security, querystring: idQuery, response: { 200: envelope(deletedSchema) } },
    },
    async (request) => {
      await audited({
        app,
        request,
        run: (tx) => deleteLevel({ db: tx, id: request.query.id }),
        describe: (l) => ({
          action: 'pointsLevel.delete',
          entityType: 'pointsLevel',
          entityId: l.id,
          summary: `删除积分等级「${l.name}」`,
          before: toLevel(l),
        }),
      })
      return ok({ id: request.query.id })
    },
  )

  // ---- students' points ----

  app.get(
    '/api/zms/point/studentPoint/list',
    {
      preHandler: reader,
      schema: {
        summary: "Operator: students' points (学员积分): balance, lifetime and level, the highest balances first, by name, number or phone",
        security,
        querystring: accountsConsoleQuery,
        response: { 200: envelope(pageOf(consoleAccountSchema)) },
      },
    },
    async (request) => {
      const { page, size, keyword } = request.query
      const [{ rows, total }, levels] = await Promise.all([
        createPointsRepository({ db: app.db }).accountsForConsole({ keyword, page, size }),
        createPointsRepository({ db: app.db }).levels(),
      ])
      const levelName = (lifetime: number) => levels.filter((l) => l.minPoints <= lifetime).at(-1)?.name ?? null
      return ok({
        list: rows.map((r) => ({
          studentId: r.studentId,
          name: r.name,
          studentNo: r.studentNo,
          phone: maskPhone(r.phone),
          balance: Number(r.balance),
          lifetime: Number(r.lifetime),
          level: levelName(Number(r.lifetime)),
          updatedAt: r.updatedAt ? r.updatedAt.toISOString() : null,
        })),
        total,
        page,
        size,
      })
    },
  )

  // ---- records ----

  app.get(
    `${cyber}/pointsRecord/list`,
    {
      preHandler: reader,
      schema: {
        summary: 'Operator: points records, newest first, by student (id or name/number/phone), type and way',
        security,
        querystring: recordsConsoleQuery,
        response: { 200: envelope(pageOf(consoleRecordSchema)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query
      const { rows, total } = await createPointsRepository({ db: app.db }).recordsForConsole({ filter, page, size })
      return ok({
        list: rows.map((r) => ({
          ...toRecord(r.record),
          studentId: r.record.studentId,
          name: r.name,
          studentNo: r.studentNo,
          adminName: r.adminName,
        })),
        total,
        page,
        size,
      })
    },
  )
  app.post(
    `${cyber}/pointsRecord/adjust`,
    {
      preHandler: writer,
      schema: {
        summary: "管理员: 人工调整 a student's points with a reason (never below 0: 422), one transaction with its audit",
        security,
        consumes: FORM_CONSUMES,
        body: adjustBody,
        response: { 200: envelope(adjustedSchema) },
      },
    },
    async (request) => {
      const r = await audited({
        app,
        request,
        run: (tx) => adjustPoints({ db: tx, ...request.body, adminId: request.admin.id }),
        describe: (r) => ({
          action: 'points.adjust',
          entityType: 'student',
          entityId: r.student.id,
          summary: `调整学员 ${r.student.name} 积分 ${r.record.change > 0 ? '+' : ''}${r.record.change}：${request.body.note}`,
          after: { change: r.record.change, balance: r.balance },
        }),
      })
      return ok({ record: toRecord(r.record), balance: r.balance })
    },
  )

  // ---- applications ----

  const applicationOut = (r: Awaited<ReturnType<ReturnType<typeof createPointsRepository>['applications']>>['rows'][number]) => ({
    ...toApplication(r.application, r.wayName, secret),
    studentId: r.application.studentId,
    name: r.name,
    studentNo: r.studentNo,
    phone: maskPhone(r.phone),
  })
  app.get(
    '/api/zms/point/studentPointRecord/list',
    {
      preHandler: reader,
      schema: {
        summary: 'Operator: points applications, newest first, by status and student',
        security,
        querystring: applicationsQuery,
        response: { 200: envelope(pageOf(consoleApplicationSchema)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query
      const { rows, total } = await createPointsRepository({ db: app.db }).applications({ filter, page, size })
      return ok({ list: rows.map(applicationOut), total, page, size })
    },
  )
  for (const [path, approve, body] of [
    ['approve', true, approveBody],
    ['refuse', false, refuseBody],
  ] as const)
    app.put(
      `/api/zms/point/studentPointRecord/${path}`,
      {
        preHandler: writer,
        schema: {
          summary: approve
            ? "管理员: approve a pending application: the way's points earned and the student's message, one transaction (reviewed: 409)"
            : "管理员: refuse a pending application with a reason; the student's message (reviewed: 409)",
          security,
          consumes: FORM_CONSUMES,
          body,
          response: { 200: envelope(applicationSchema) },
        },
      },
      async (request) => {
        const { id, note } = request.body
        const r = await audited({
          app,
          request,
          run: (tx) => reviewApplication({ db: tx, id, approve, note, adminId: request.admin.id }),
          describe: (a) => ({
            action: approve ? 'pointsApplication.approve' : 'pointsApplication.refuse',
            entityType: 'pointsApplication',
            entityId: a.id,
            summary: `${approve ? '通过' : '驳回'}积分申请（${a.wayName}）${note ? `：${note}` : ''}`,
            after: { status: a.status, points: a.points },
          }),
        })
        return ok(toApplication(r, r.wayName, secret))
      },
    )

  // ---- goods ----

  app.get(
    `${cyber}/shopGood/list`,
    {
      preHandler: reader,
      schema: {
        summary: "Operator: the shop's goods, by kind, status and name",
        security,
        querystring: goodsConsoleQuery,
        response: { 200: envelope(pageOf(goodSchema)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query
      const { rows, total } = await createPointsRepository({ db: app.db }).goods({ filter, page, size })
      return ok({ list: rows.map((r) => toGood({ ...r.good, courseTitle: r.courseTitle }, secret)), total, page, size })
    },
  )
  app.get(
    `${cyber}/shopGood/detail`,
    {
      preHandler: reader,
      schema: { summary: 'Operator: one good', security, querystring: idQuery, response: { 200: envelope(goodSchema) } },
    },
    async (request) => {
      const { rows } = await createPointsRepository({ db: app.db }).goods({ filter: { id: request.query.id }, page: 1, size: 1 })
      if (!rows[0]) throw createGoodNotFoundError()
      return ok(toGood({ ...rows[0].good, courseTitle: rows[0].courseTitle }, secret))
    },
  )
  app.post(
    `${cyber}/shopGood/upload`,
    {
      preHandler: writer,
      schema: {
        summary: "管理员: upload a good's picture (multipart `file`: png/jpeg/webp, at most 5 MB)",
        security,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(uploadSchema) },
      },
    },
    async (request) => ok(await storePointsImage({ app, request, tag: `t${request.admin.id}-` })),
  )
  app.post(
    `${cyber}/shopGood/save`,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: add a good (a 课程券 names its course, other kinds none)',
        security,
        consumes: FORM_CONSUMES,
        body: goodBody,
        response: { 200: envelope(goodSchema) },
      },
    },
    async (request) => {
      const good = await audited({
        app,
        request,
        run: async (tx) =>
          (
            await tx
              .insert(shopGoods)
              .values(await checkGood(tx, request.body))
              .returning()
          )[0]!,
        describe: (g) => ({ action: 'good.create', entityType: 'good', entityId: g.id, summary: `新增商品「${g.name}」`, after: { ...g } }),
      })
      return ok(toGood(good, secret))
    },
  )
  app.put(
    `${cyber}/shopGood/update`,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: change a good (stock set here; exchanges under way keep theirs)',
        security,
        consumes: FORM_CONSUMES,
        body: goodUpdateBody,
        response: { 200: envelope(goodSchema) },
      },
    },
    async (request) => {
      const { id, ...input } = request.body
      const r = await audited({
        app,
        request,
        run: async (tx) => {
          const [before] = await tx.select().from(shopGoods).where(eq(shopGoods.id, id)).for('update')
          if (!before) throw createGoodNotFoundError()
          const values = await checkGood(tx, input)
          const [after] = await tx
            .update(shopGoods)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(shopGoods.id, id))
            .returning()
          return { before, after: after! }
        },
        describe: (r) => ({
          action: 'good.update',
          entityType: 'good',
          entityId: id,
          summary: `修改商品「${r.after.name}」`,
          before: { ...r.before },
          after: { ...r.after },
        }),
      })
      return ok(toGood(r.after, secret))
    },
  )
  app.put(
    `${cyber}/shopGood/updateStatus`,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: list or unlist a good',
        security,
        consumes: FORM_CONSUMES,
        body: goodStatusBody,
        response: { 200: envelope(goodSchema) },
      },
    },
    async (request) => {
      const { id, status } = request.body
      const good = await audited({
        app,
        request,
        run: async (tx) => {
          const [after] = await tx.update(shopGoods).set({ status, updatedAt: new Date() }).where(eq(shopGoods.id, id)).returning()
          if (!after) throw createGoodNotFoundError()
          return after
        },
        describe: (g) => ({
          action: 'good.status',
          entityType: 'good',
          entityId: id,
          summary: `商品「${g.name}」${status}`,
          after: { status },
        }),
      })
      return ok(toGood(good, secret))
    },
  )
  app.delete(
    `${cyber}/shopGood/delete`,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: delete a good (one with exchanges: 409, unlist it)',
        security,
        querystring: idQuery,
        response: { 200: envelope(deletedSchema) },
      },
    },
    async (request) => {
      await audited({
        app,
        request,
        run: (tx) => deleteGood({ db: tx, id: request.query.id }),
        describe: (g) => ({
          action: 'good.delete',
          entityType: 'good',
          entityId: g.id,
          summary: `删除商品「${g.name}」`,
          before: { ...g },
        }),
      })
      return ok({ id: request.query.id })
    },
  )

  // ---- exchange orders ----

  app.get(
    `${cyber}/goodOrder/list`,
    {
      preHandler: reader,
      schema: {
        summary: 'Operator: exchange orders, newest first, by status, good or student',
        security,
        querystring: ordersConsoleQuery,
        response: { 200: envelope(pageOf(consoleGoodOrderSchema)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query
      const { rows, total } = await createPointsRepository({ db: app.db }).orders({ filter, page, size })
      return ok({
        list: rows.map((r) => ({ ...toGoodOrder(r.order), studentId: r.order.studentId, name: r.name, studentNo: r.studentNo })),
        total,
        page,
        size,
      })
    },
  )
  app.put(
    `${cyber}/goodOrder/setExpressNumber`,
    {
      preHandler: writer,
      schema: {
        summary:
          "管理员: ship a 待发货 exchange with the express company and number: 已发货 and the student's message (兑换商品已发货), one transaction",
        security,
        consumes: FORM_CONSUMES,
        body: shipBody,
        response: { 200: envelope(goodOrderSchema) },
      },
    },
    async (request) => {
      const { id, expressCompany, expressNo } = request.body
      const order = await audited({
        app,
        request,
        run: (tx) => shipGoodOrder({ db: tx, id, expressCompany, expressNo }),
        describe: (o) => ({
          action: 'goodOrder.ship',
          entityType: 'goodOrder',
          entityId: o.id,
          summary: `兑换订单 #${o.id}「${o.goodName}」发货：${expressCompany} ${expressNo}`,
          after: { expressCompany, expressNo },
        }),
      })
      return ok(toGoodOrder(order))
    },
  )
  app.put(
    `${cyber}/goodOrder/cancel`,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: cancel a 待发货 exchange with a reason: points and stock back, one transaction (else 409)',
        security,
        consumes: FORM_CONSUMES,
        body: cancelBody,
        response: { 200: envelope(goodOrderSchema) },
      },
    },
    async (request) => {
      const { id, reason } = request.body
      const r = await audited({
        app,
        request,
        run: (tx) => cancelGoodOrder({ db: tx, id, reason }),
        describe: (r) => ({
          action: 'goodOrder.cancel',
          entityType: 'goodOrder',
          entityId: id,
          summary: `取消兑换订单 #${id}「${r.order.goodName}」：${reason}`,
          after: { status: r.order.status, returned: r.order.totalPoints },
        }),
      })
      return ok(r.order)
    },
  )
}
