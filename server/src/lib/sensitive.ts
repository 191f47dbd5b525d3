import { z } from 'zod'
import { maskAccount, maskIdCard4, maskPhone, maskSensitiveDeep } from './mask.ts'

/**
 * What a value in an answer is, for privacy (issue 37 §2): declared where the response schema is
 * declared, so the rule follows the data, not the name of a field. plugins/sensitive-data.ts masks
 * every classified value of every operator answer unless the position holds 查看完整手机号
 * (data.reveal); the whole value is then one audited reveal away.
 * - phone: a person's mobile number (138****1234)
 * - idNumber: an ID number (3301**********1234)
 * - account: a payout account (622****1234, ab***@example.com)
 * - text: free text that may quote a phone or an ID number (an audit summary, a sign-in's typed
 *   identifier); every phone and ID number inside it is masked, in nested JSON too.
 */
export type Sensitive = 'phone' | 'idNumber' | 'account' | 'text'

const registry = z.registry<{ sensitive: Sensitive }>()

/** `schema`, classified as `kind`; `.describe()`, `.nullable()` and `.optional()` keep the class. */
export function sensitive<T extends z.ZodType>(kind: Sensitive, schema: T): T {
  registry.add(schema, { sensitive: kind })
  return schema
}

/** A person's phone in an answer. */
export const phoneOut = () => sensitive('phone', z.string())
/** An ID number in an answer (null when none is on file). */
export const idNumberOut = () => sensitive('idNumber', z.string().nullable())
/** A payout account in an answer. */
export const accountOut = () => sensitive('account', z.string())

const MASKS: Record<Sensitive, (value: unknown) => unknown> = {
  phone: (v) => (typeof v === 'string' ? maskPhone(v) : v),
  idNumber: (v) => (typeof v === 'string' ? maskIdCard4(v) : v),
  account: (v) => (typeof v === 'string' ? maskAccount(v) : v),
  text: maskSensitiveDeep,
}

type Masker = (value: unknown) => unknown
interface Node {
  _zod: { def: Record<string, unknown> & { type: string }; parent?: Node }
}

function classOf(schema: Node): Sensitive | undefined {
  for (let s: Node | undefined = schema; s; s = s._zod.parent) {
    const meta = registry.get(s as unknown as z.ZodType)
    if (meta) return meta.sensitive
  }
  return undefined
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)

function chain(maskers: Array<Masker | null>): Masker | null {
  const some = maskers.filter((m): m is Masker => m !== null)
  if (some.length === 0) return null
  return some.length === 1 ? some[0]! : (v) => some.reduce((acc, m) => m(acc), v)
}

function compile(schema: Node | undefined, seen: Set<Node>): Masker | null {
  if (!schema?._zod) return null
  const kind = classOf(schema)
  if (kind) return MASKS[kind]
  // `seen` holds the schemas being compiled (a lazy schema that contains itself), not every one met:
  // a schema used twice in one answer is masked in both places.
  if (seen.has(schema)) return null
  seen.add(schema)
  try {
    return compileShape(schema._zod.def, seen)
  } finally {
    seen.delete(schema)
  }
}

function compileShape(def: Node['_zod']['def'], seen: Set<Node>): Masker | null {
  switch (def.type) {
    case 'object': {
      const fields = Object.entries(def.shape as Record<string, Node>)
        .map(([key, s]) => [key, compile(s, seen)] as const)
        .filter((f): f is readonly [string, Masker] => f[1] !== null)
      if (fields.length === 0) return null
      return (v) => {
        if (!isRecord(v)) return v
        const out = { ...v }
        for (const [key, mask] of fields) if (key in out) out[key] = mask(out[key])
        return out
      }
    }
    case 'array': {
      const mask = compile(def.element as Node, seen)
      return mask && ((v) => (Array.isArray(v) ? v.map(mask) : v))
    }
    case 'record': {
      const mask = compile(def.valueType as Node, seen)
      return mask && ((v) => (isRecord(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, mask(x)])) : v))
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return compile(def.innerType as Node, seen)
    case 'pipe':
      return chain([compile(def.in as Node, seen), compile(def.out as Node, seen)])
    case 'union':
      return chain((def.options as Node[]).map((o) => compile(o, seen)))
    case 'intersection':
      return chain([compile(def.left as Node, seen), compile(def.right as Node, seen)])
    case 'tuple':
      return chain(
        (def.items as Node[]).map((item, i) => {
          const mask = compile(item, seen)
          return mask && ((v: unknown) => (Array.isArray(v) && i < v.length ? v.map((x, j) => (j === i ? mask(x) : x)) : v))
        }),
      )
    case 'lazy':
      return compile((def.getter as () => Node)(), seen)
    default:
      return null
  }
}

const compiled = new WeakMap<object, Masker | null>()

/**
 * The function that masks every classified value of an answer of `schema` (a zod schema), or null
 * when the schema holds none (the answer is sent as it is).
 */
export function maskerOf(schema: unknown): Masker | null {
  if (!schema || typeof schema !== 'object') return null
  if (!compiled.has(schema)) compiled.set(schema, compile(schema as Node, new Set()))
  return compiled.get(schema) ?? null
}
