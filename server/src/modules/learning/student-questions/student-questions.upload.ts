import type { FastifyInstance, FastifyRequest } from 'fastify'
import { storeImage } from '../../../lib/image-upload.ts'
import { QUESTION_KEY_PREFIX } from './student-questions.schemas.ts'
import { type Author, uploaderTag } from './student-questions.service.ts'

export { registerImageUploads } from '../../../lib/image-upload.ts'

/** Stores a question's picture under questions/<yyyy>/<mm>/, named after its author (so a student may attach only their own). */
export async function storeQuestionImage({ app, request, author }: { app: FastifyInstance; request: FastifyRequest; author: Author }) {
  return storeImage({ app, request, prefix: QUESTION_KEY_PREFIX, tag: uploaderTag(author) })
}
