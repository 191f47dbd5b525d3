import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { emptyEnvelope, envelope, FORM_CONSUMES, ok } from '../../lib/envelope.ts'
import { AdminRole } from '../../wire.ts'
import { createLevelDuplicateError, createLevelNotFoundError } from './levels.errors.ts'
import { createLevelsRepository } from './levels.repository.ts'
import { createLevelBody, idQuery, levelSchema, updateLevelBody } from './levels.schemas.ts'
import { isUniqueViolation, toLevel } from './levels.service.ts'

/** Tiers (本周期档位): operator CRUD, and the public simple list for partners. */
export const levelsRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/api/ems/partner/config/level'
  const adminOnly = app.requireAdmin([AdminRole.admin])
  const security = [{ adminSession: [] }]

  app.get(
    `${base}/listSimple`,
    { schema: { summary: 'Every tier, lowest first (public)', response: { 200: envelope(z.array(levelSchema)) } } },
    async () => ok((await createLevelsRepository({ db: app.db }).listAll()).map(toLevel)),
  )

  app.get(
    `${base}/list`,
    {
      preHandler: app.requireAdmin(),
      schema: { summary: 'Operator: every tier', security, response: { 200: envelope(z.array(levelSchema)) } },
    },
    async () => ok((await createLevelsRepository({ db: app.db }).listAll()).map(toLevel)),
  )

  const save = async (run: () => Promise<unknown>) => {
    try {
      return await run()
    } catch (error) {
      if (isUniqueViolation(error)) throw createLevelDuplicateError()
      throw error
    }
  }

  app.post(
    base,
    {
      preHandler: adminOnly,
      schema: {
        summary: '管理员: add a tier',
        security,
        consumes: FORM_CONSUMES,
        body: createLevelBody,
        response: { 200: envelope(levelSchema) },
      },
    },
    async (request) => {
      const row = (await save(() => createLevelsRepository({ db: app.db }).insert(request.body))) as Awaited<
        ReturnType<ReturnType<typeof createLevelsRepository>['insert']>
      >
      if (!row) throw createLevelDuplicateError()
      return ok(toLevel(row))
    },
  )

  app.put(
    base,
    {
      preHandler: adminOnly,
      schema: {
        summary: '管理员: change a tier (earlier deals keep their price)',
        security,
        consumes: FORM_CONSUMES,
        body: updateLevelBody,
        response: { 200: envelope(levelSchema) },
      },
    },
    async (request) => {
      const { id, ...values } = request.body
      const row = (await save(() => createLevelsRepository({ db: app.db }).update({ id, values }))) as Awaited<
        ReturnType<ReturnType<typeof createLevelsRepository>['update']>
      >
      if (!row) throw createLevelNotFoundError()
      return ok(toLevel(row))
    },
  )

  app.delete(
    base,
    {
      preHandler: adminOnly,
      schema: { summary: '管理员: remove a tier', security, querystring: idQuery, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      if (!(await createLevelsRepository({ db: app.db }).delete({ id: request.query.id }))) throw createLevelNotFoundError()
      return ok(null)
    },
  )
}
