import formbody from '@fastify/formbody'
import fp from 'fastify-plugin'

/**
 * Form bodies (`application/x-www-form-urlencoded`, what the client sends) and JSON. Mini-program
 * request APIs send `content-type: application/json` with an empty body on DELETE/GET; Fastify 5
 * answers that with 400, so an empty JSON body is read as "no body".
 */
export const bodyPlugin = fp(
  async (app) => {
    await app.register(formbody, { bodyLimit: app.initialConfig.bodyLimit })
    const parseJson = app.getDefaultJsonParser('error', 'remove')
    app.removeContentTypeParser('application/json')
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (typeof body === 'string' ? body.trim() === '' : body.length === 0) {
        done(null, undefined)
        return
      }
      parseJson(request, typeof body === 'string' ? body : body.toString('utf8'), done)
    })
  },
  { name: 'body' },
)
