import fastJson from 'fast-json-stringify'
import type { FastifySerializerCompiler } from 'fastify'
import { ResponseSerializationError } from 'fastify-type-provider-zod'
import { z } from 'zod'

type Serializer = (data: unknown) => string

function resolveSchema(maybe: unknown): z.ZodType {
  if (maybe instanceof z.ZodType) return maybe
  const properties = (maybe as { properties?: unknown } | null)?.properties
  if (properties instanceof z.ZodType) return properties
  throw new Error(`not a zod response schema: ${JSON.stringify(maybe)}`)
}

/**
 * Response serialisation from the zod response schemas. fast-json-stringify compiled from each
 * schema's JSON Schema writes only the declared fields (an extra field a handler returns never
 * leaves the server) and is about three times faster than zod encode + JSON.stringify on a page of
 * clues. With `validate` (development and tests), the answer is first checked against the zod
 * schema so a handler that drifts from its schema fails loudly (a 500 in tests).
 */
export function createResponseSerializerCompiler({ validate }: { validate: boolean }) {
  const compiler = ({ schema, method, url }: { schema: unknown; method: string; url: string }): Serializer => {
    const zodSchema = resolveSchema(schema)
    let stringify: Serializer
    try {
      stringify = fastJson(z.toJSONSchema(zodSchema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' }) as never)
    } catch {
      stringify = (data) => JSON.stringify(z.encode(zodSchema, data))
    }
    if (!validate) return stringify
    return (data) => {
      const result = z.safeEncode(zodSchema, data)
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error })
      return stringify(result.data)
    }
  }
  return compiler as unknown as FastifySerializerCompiler<unknown>
}
