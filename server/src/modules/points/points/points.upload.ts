import type { FastifyInstance, FastifyRequest } from 'fastify'
import { storeImage } from '../../../lib/image-upload.ts'
import { POINTS_KEY_PREFIX } from './points.service.ts'

export { registerImageUploads } from '../../../lib/image-upload.ts'

/**
 * Stores a picture (an application's photo, a good's cover) under points/<yyyy>/<mm>/, named after
 * its uploader (`s<student id>-` or `t<operator id>-`, so a student may attach only their own).
 */
export async function storePointsImage({ app, request, tag }: { app: FastifyInstance; request: FastifyRequest; tag: string }) {
  return storeImage({ app, request, prefix: POINTS_KEY_PREFIX, tag })
}
