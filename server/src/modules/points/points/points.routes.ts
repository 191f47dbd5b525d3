import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, FORM_CONSUMES, ok, pageOf } from '../../../lib/envelope.ts'
import {
  applicationSchema,
  applyBody,
  cancelClientBody,
  checkInSchema,
  clientGoodSchema,
  exchangeBody,
  exchangedSchema,
  goodOrderSchema,
  goodsClientQuery,
  idQuery,
  ordersClientQuery,
  pagingOnly,
  recordSchema,
  recordsClientQuery,
  summarySchema,
  uploadSchema,
} from './points.schemas.ts'
import { cancelGoodOrderForStudent, goodForStudent, listGoodOrdersForStudent, listGoodsForStudent } from './points.goods.ts'
import { listApplicationsForStudent, listRecordsForStudent, wayNameOf } from './points.records.ts'
import { applyForPoints, checkIn, pointsSummary } from './points.service.ts'
import { toApplication } from './points.shapes.ts'
import { confirmGoodOrderReceipt, exchangeGood } from './points.shop.ts'
import { ParcelSource } from '../../../wire.ts'
import { parcelDetailSchema, parcelWithTracks } from '../../roll/index.ts'
import { registerImageUploads, storePointsImage } from './points.upload.ts'

/**
 * The student's points and shop: 我的积分 (/api/zms/point/studentPoint), applications
 * (/api/zms/point/studentPointRecord), records, goods and exchanges (/api/fms/cybermoney/*).
 * Every points or stock change is one transaction (points.ledger.ts, points.shop.ts).
 */
export const pointsRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ studentSession: [] }]
  const preHandler = app.requireStudent
  const secret = app.config.secret
  await registerImageUploads(app)

  app.get(
    '/api/zms/point/studentPoint/listForClient',
    {
      preHandler,
      schema: {
        summary:
          "我的积分: balance, lifetime points, level and the next, whether I checked in today, and today's ways with how often each was done",
        security,
        response: { 200: envelope(summarySchema) },
      },
    },
    async (request) => ok(await pointsSummary({ db: app.db, studentId: request.studentId })),
  )

  app.post(
    '/api/zms/point/studentPoint/checkIn',
    {
      preHandler,
      schema: {
        summary: '每日签到: earns the check-in way once per Asia/Shanghai day (again: 409 今天已经签到过了; way disabled: 422)',
        security,
        consumes: FORM_CONSUMES,
        response: { 200: envelope(checkInSchema) },
      },
    },
    async (request) => ok(await checkIn({ db: app.db, studentId: request.studentId })),
  )

  app.get(
    '/api/fms/cybermoney/pointsRecord/listForClient',
    {
      preHandler,
      schema: {
        summary: 'My points records, newest first, by type',
        security,
        querystring: recordsClientQuery,
        response: { 200: envelope(pageOf(recordSchema)) },
      },
    },
    async (request) => {
      const { type, page, size } = request.query
      return ok(await listRecordsForStudent({ db: app.db, studentId: request.studentId, type, page, size }))
    },
  )

  app.post(
    '/api/zms/point/studentPointRecord/upload',
    {
      preHandler,
      schema: {
        summary: 'Upload a photo for a points application (multipart `file`: png/jpeg/webp, at most 5 MB, checked by its bytes)',
        security,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(uploadSchema) },
      },
    },
    async (request) => ok(await storePointsImage({ app, request, tag: `s${request.studentId}-` })),
  )

  app.post(
    '/api/zms/point/studentPointRecord/applyPoint',
    {
      preHandler,
      schema: {
        summary:
          "积分申请: ask for an enabled 线下活动 way's points with a description and my uploaded photos (待审核); at most the way's daily cap a day",
        security,
        consumes: FORM_CONSUMES,
        body: applyBody,
        response: { 200: envelope(applicationSchema) },
      },
    },
    async (request) => {
      const row = await applyForPoints({ db: app.db, storage: app.storage, studentId: request.studentId, input: request.body })
      return ok(toApplication(row, await wayNameOf({ db: app.db, wayId: row.wayId }), secret))
    },
  )

  app.get(
    '/api/zms/point/studentPointRecord/listForClient',
    {
      preHandler,
      schema: {
        summary: 'My points applications, newest first',
        security,
        querystring: pagingOnly,
        response: { 200: envelope(pageOf(applicationSchema)) },
      },
    },
    async (request) => {
      const { page, size } = request.query
      return ok(await listApplicationsForStudent({ db: app.db, studentId: request.studentId, page, size, secret }))
    },
  )

  app.get(
    '/api/fms/cybermoney/shopGood/listForClient',
    {
      preHandler,
      schema: {
        summary: '积分商城: listed goods (highest sort first), by kind, with how many I exchanged',
        security,
        querystring: goodsClientQuery,
        response: { 200: envelope(pageOf(clientGoodSchema)) },
      },
    },
    async (request) => {
      const { kind, page, size } = request.query
      return ok(await listGoodsForStudent({ db: app.db, studentId: request.studentId, kind, page, size, secret }))
    },
  )

  app.get(
    '/api/fms/cybermoney/shopGood/detailsForClient',
    {
      preHandler,
      schema: {
        summary: 'One listed good (unlisted or missing: 404)',
        security,
        querystring: idQuery,
        response: { 200: envelope(clientGoodSchema) },
      },
    },
    async (request) => ok(await goodForStudent({ db: app.db, studentId: request.studentId, id: request.query.id, secret })),
  )

  app.post(
    '/api/fms/cybermoney/goodOrder/order',
    {
      preHandler,
      schema: {
        summary:
          '兑换: spends points and takes stock in one transaction (out of stock: 409 库存不足; points short: 422 积分不足; over the per-person limit: 422); 教材 and 实物 need an address (待发货), a 课程券 opens its course (已完成)',
        security,
        consumes: FORM_CONSUMES,
        body: exchangeBody,
        response: { 200: envelope(exchangedSchema) },
      },
    },
    async (request) => ok(await exchangeGood({ db: app.db, studentId: request.studentId, input: request.body })),
  )

  app.get(
    '/api/fms/cybermoney/goodOrder/listForClient',
    {
      preHandler,
      schema: {
        summary: '兑换记录: my exchanges, newest first',
        security,
        querystring: ordersClientQuery,
        response: { 200: envelope(pageOf(goodOrderSchema)) },
      },
    },
    async (request) => {
      const { status, page, size } = request.query
      return ok(await listGoodOrdersForStudent({ db: app.db, studentId: request.studentId, status, page, size }))
    },
  )

  app.put(
    '/api/fms/cybermoney/goodOrder/cancelForClient',
    {
      preHandler,
      schema: {
        summary: "Cancel my exchange before it ships (待发货 only, else 409): points and stock back in one transaction; another's: 404",
        security,
        consumes: FORM_CONSUMES,
        body: cancelClientBody,
        response: { 200: envelope(exchangedSchema) },
      },
    },
    async (request) => ok(await cancelGoodOrderForStudent({ db: app.db, id: request.body.id, studentId: request.studentId })),
  )

  app.get(
    '/api/fms/cybermoney/goodOrder/expressForClient',
    {
      preHandler,
      schema: {
        summary: "My shipped exchange's parcel with its timeline, from the stored tracks (as 我的教材's); not shipped or another's: 404",
        security,
        querystring: idQuery,
        response: { 200: envelope(parcelDetailSchema) },
      },
    },
    async (request) => {
      const { id } = request.query
      return ok(await parcelWithTracks({ db: app.db, source: { type: ParcelSource.goodOrder, id }, studentId: request.studentId }))
    },
  )

  app.put(
    '/api/fms/cybermoney/goodOrder/confirmForClient',
    {
      preHandler,
      schema: {
        summary: "确认收货 of my shipped exchange: the parcel's receipt (once) and the order 已完成; not shipped or another's: 404",
        security,
        consumes: FORM_CONSUMES,
        body: idQuery,
        response: { 200: envelope(goodOrderSchema) },
      },
    },
    async (request) => {
      const { id } = request.body
      return ok(await app.db.transaction((tx) => confirmGoodOrderReceipt({ db: tx, id, studentId: request.studentId })))
    },
  )
}
