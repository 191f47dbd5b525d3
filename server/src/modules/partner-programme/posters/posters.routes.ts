import fastifyStatic from '@fastify/static'
import multipart from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { envelope, FORM_CONSUMES, ok } from '../../../lib/envelope.ts'
import { maskPhone } from '../../../lib/mask.ts'
import { perIp } from '../../../lib/rate-limits.ts'
import { createPartnerNotFoundError, findPartner, shareLink } from '../partners/index.ts'
import { createFileTooLargeError, createMiniCodeUnavailableError, createNoFileError, createNotImageError } from './posters.errors.ts'
import { createActivityNotFoundError, findActivity } from '../activities/index.ts'
import {
  backgroundSchema,
  createBackgroundBody,
  idQuery,
  miniCodeQuery,
  miniCodeSchema,
  sharePosterSchema,
  updateBackgroundBody,
} from './posters.schemas.ts'
import {
  createBackground,
  deleteBackground,
  listBackgrounds,
  MINI_CODE_PAGE,
  miniCodeFile,
  miniCodeScene,
  storeImage,
  toBackground,
  updateBackground,
} from './posters.service.ts'
import { audited, auditedDeleteRoute, shareCodeOfAdmin } from '../../platform/index.ts'

/** Whether an /uploads/ path reaches the local file store's folder (however it is spelled). */
function insideStorage(pathName: string): boolean {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathName)
  } catch {
    return true
  }
  const normal = path.posix.normalize(`/${decoded.replace(/\\/g, '/')}`).toLowerCase()
  return normal === '/storage' || normal.startsWith('/storage/')
}

/** Share-poster backgrounds (operator) and the partner's poster data; uploads are served under /uploads. */
export const postersRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/api/ems/partner/backgroundImage'
  const adminOnly = app.requireAdmin('posters.edit')
  const security = [{ adminSession: [] }]
  const uploadsDir = app.config.uploadsDir

  fs.mkdirSync(uploadsDir, { recursive: true })
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    maxAge: '7d',
    immutable: true,
    // The local file store may live in UPLOADS_DIR/storage: its files are served by /files/ alone (signed).
    allowedPath: (pathName) => !insideStorage(pathName),
  })
  await app.register(multipart, { limits: { fileSize: app.config.uploadLimit, files: 1, fields: 5 } })

  app.get(
    `${base}/list`,
    {
      preHandler: app.requireAdmin('posters.view'),
      schema: { summary: 'Operator: poster backgrounds', security, response: { 200: envelope(z.array(backgroundSchema)) } },
    },
    async () => ok((await listBackgrounds({ db: app.db })).map(toBackground)),
  )

  // Images for posters (管理员) and for the activity editor (招生老师 writes activities too).
  app.post(
    `${base}/upload`,
    {
      // Every editor with pictures (activity covers, contents, notices, courses, goods…) uploads here.
      preHandler: app.requireAdmin([
        'posters.edit',
        'activities.edit',
        'contents.edit',
        'notices.edit',
        'courses.edit',
        'points.edit',
        'night.edit',
        'exams.edit',
      ]),
      schema: {
        summary: '招生老师/管理员: upload an image (multipart field `file`); answers its url',
        security,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(z.object({ url: z.string() })) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw createNoFileError()
      const file = await request.file()
      if (!file) throw createNoFileError()
      const data = await file.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE')
          throw createFileTooLargeError({ message: `图片不能超过${Math.floor(app.config.uploadLimit / 1024 / 1024)}MB` })
        throw error
      })
      const url = await storeImage({ uploadsDir, data })
      if (!url) throw createNotImageError()
      await audited({
        app,
        request,
        run: async () => url,
        describe: (u) => ({ action: 'poster.upload', entityType: 'poster', entityId: u, summary: `上传图片 ${u}` }),
      })
      return ok({ url })
    },
  )

  app.post(
    base,
    {
      preHandler: adminOnly,
      schema: {
        summary: '管理员: add a background (url from upload, or an image URL)',
        security,
        consumes: FORM_CONSUMES,
        body: createBackgroundBody,
        response: { 200: envelope(backgroundSchema) },
      },
    },
    async (request) =>
      ok(
        toBackground(
          await audited({
            app,
            request,
            run: (tx) => createBackground({ db: tx, input: request.body }),
            describe: (r) => ({ action: 'poster.create', entityType: 'poster', entityId: r.id, summary: `新增海报背景「${r.name}」` }),
          }),
        ),
      ),
  )

  app.put(
    base,
    {
      preHandler: adminOnly,
      schema: {
        summary: '管理员: change a background',
        security,
        consumes: FORM_CONSUMES,
        body: updateBackgroundBody,
        response: { 200: envelope(backgroundSchema) },
      },
    },
    async (request) => {
      const { id, ...values } = request.body
      const row = await audited({
        app,
        request,
        run: (tx) => updateBackground({ db: tx, id, input: values }),
        describe: ({ before, updated: r }) => ({
          action: 'poster.update',
          entityType: 'poster',
          entityId: r.id,
          summary: before.enabled === r.enabled ? `修改海报背景「${r.name}」` : `${r.enabled ? '启用' : '停用'}海报背景「${r.name}」`,
          // The switch is a status change: the log shows it before -> after.
          ...(before.enabled === r.enabled ? {} : { before: { enabled: before.enabled }, after: { enabled: r.enabled } }),
        }),
      })
      return ok(toBackground(row.updated))
    },
  )

  auditedDeleteRoute(app, {
    path: base,
    preHandler: adminOnly,
    summary: '管理员: remove a background',
    idQuery,
    action: 'poster.delete',
    entityType: 'poster',
    label: '海报背景',
    remove: async (tx, id) => {
      await deleteBackground({ db: tx, id })
    },
  })

  /** The poster's data for a share code and the name printed on it. */
  async function posterOf({ code, name }: { code: string; name: string }) {
    const backgrounds = (await listBackgrounds({ db: app.db, enabledOnly: true })).map(toBackground)
    return { backgrounds, code, name, link: shareLink({ publicOrigin: app.config.publicOrigin, code }) }
  }

  /** The mini-program code of a share code's link (and an activity's), made once. */
  async function miniCodeOf(request: FastifyRequest, { code, activityId }: { code: string; activityId?: number }) {
    if (activityId !== undefined && !(await findActivity({ db: app.db, id: activityId }))) throw createActivityNotFoundError()
    const scene = miniCodeScene({ code, activityId })
    try {
      const url = await miniCodeFile({ gateway: app.miniCode, uploadsDir, scene })
      return { url, page: MINI_CODE_PAGE, scene }
    } catch (error) {
      request.log.warn({ err: error, scene }, 'mini-program code not made')
      throw createMiniCodeUnavailableError()
    }
  }

  app.get(
    '/api/ems/partner/partner/sharePoster',
    {
      preHandler: app.requirePartner,
      schema: {
        summary: "Poster data: backgrounds, the partner's code, name and share link",
        security: [{ partnerSession: [] }],
        response: { 200: envelope(sharePosterSchema) },
      },
    },
    async (request) => {
      const partner = await findPartner({ db: app.db, id: request.partnerId })
      if (!partner) throw createPartnerNotFoundError()
      return ok(await posterOf({ code: partner.code, name: partner.realName ?? partner.nickname ?? maskPhone(partner.phone) }))
    },
  )

  // The 招生老师's own poster (教职工 in the app): prospects who leave details through it become
  // clues assigned to them (ClueSource.staff, no partner, no commission).
  const enrollTeacher = app.requireAdmin('clues.work')
  app.get(
    '/api/ems/partner/partner/sharePosterForEnroll',
    {
      preHandler: enrollTeacher,
      schema: {
        summary: "招生老师: poster data with the teacher's own share code (made on first use), name and share link",
        security,
        response: { 200: envelope(sharePosterSchema) },
      },
    },
    async (request) =>
      ok(await posterOf({ code: await shareCodeOfAdmin({ db: app.db, adminId: request.admin.id }), name: request.admin.name })),
  )

  app.get(
    '/api/ems/partner/partner/miniProgramCodeForEnroll',
    {
      preHandler: enrollTeacher,
      config: perIp(30, 60),
      schema: {
        summary: "招生老师: the WeChat mini-program code (小程序码) of the teacher's own poster (scene r=<teacher code>[&a=<activity>])",
        security,
        querystring: miniCodeQuery,
        response: { 200: envelope(miniCodeSchema) },
      },
    },
    async (request) =>
      ok(
        await miniCodeOf(request, {
          code: await shareCodeOfAdmin({ db: app.db, adminId: request.admin.id }),
          activityId: request.query.activityId,
        }),
      ),
  )

  app.get(
    '/api/ems/partner/partner/miniProgramCode',
    {
      preHandler: app.requirePartner,
      config: perIp(30, 60),
      schema: {
        summary:
          "The partner's WeChat mini-program code (小程序码) for the poster: opens pages/jump/index with scene r=<code>[&a=<activity>]; made once, then served from /uploads",
        security: [{ partnerSession: [] }],
        querystring: miniCodeQuery,
        response: { 200: envelope(miniCodeSchema) },
      },
    },
    async (request) => {
      const partner = await findPartner({ db: app.db, id: request.partnerId })
      if (!partner) throw createPartnerNotFoundError()
      return ok(await miniCodeOf(request, { code: partner.code, activityId: request.query.activityId }))
    },
  )
}
