import { type PGlite, parse as pgliteParse, protocol, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite'

/**
 * Named prepared statements for PGlite. `PGlite.query` parses, plans and describes every statement
 * again, in six protocol exchanges with the WASM backend. This keeps one named statement per SQL
 * text (drizzle always sends values as parameters, so texts are few) and runs it with a single
 * Bind/Describe/Execute/Sync exchange: about half the time of a short query on this machine.
 *
 * Queries inside `client.transaction` use it too (the transaction already holds PGlite's
 * transaction lock, so they only take the query lock, and the file-system sync waits for the end
 * of the transaction as in PGlite). It leans on PGlite 0.5's `_runExclusiveTransaction`/`_runExclusiveQuery`, `serializers` and
 * `parsers`; when those are missing (another PGlite version) the client is returned unchanged.
 */

interface PGliteInternals {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>
  serializers: Record<number, (value: unknown) => string>
  parsers: Record<number, (value: string, typeId?: number) => unknown>
}

interface Statement {
  name: string
  paramTypes: number[]
}

const { serialize } = protocol as unknown as {
  serialize: {
    parse(args: { name: string; text: string }): Uint8Array
    describe(args: { type: 'S' | 'P'; name?: string }): Uint8Array
    bind(args: { statement: string; values: Array<string | null> }): Uint8Array
    execute(args: object): Uint8Array
    sync(): Uint8Array
    close(args: { type: 'S'; name: string }): Uint8Array
  }
}
const parser = pgliteParse as unknown as {
  parseResults(messages: unknown[], parsers: PGliteInternals['parsers'], options?: QueryOptions): Results[]
  parseDescribeStatementResults(messages: unknown[]): number[]
}

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0
  for (const p of parts) length += p.length
  const out = new Uint8Array(length)
  let offset = 0
  for (const p of parts) {
    out.set(p, offset)
    offset += p.length
  }
  return out
}

function hasInternals(client: object): client is PGliteInternals {
  const c = client as Partial<PGliteInternals>
  return (
    typeof c._runExclusiveTransaction === 'function' &&
    typeof c._runExclusiveQuery === 'function' &&
    typeof c.serializers === 'object' &&
    typeof c.parsers === 'object' &&
    typeof parser.parseResults === 'function' &&
    typeof parser.parseDescribeStatementResults === 'function'
  )
}

/** The client with a cache of named statements behind `query` (at most `max` statements, least recently used first out). */
export function withPreparedStatements(client: PGlite, { max = 500 }: { max?: number } = {}): PGlite {
  if (!hasInternals(client)) return client
  const internals = client
  const statements = new Map<string, Statement>()
  let counter = 0

  const exclusive = <T>(fn: () => Promise<T>) => internals._runExclusiveTransaction(() => internals._runExclusiveQuery(fn))

  async function statementFor(text: string): Promise<Statement> {
    const cached = statements.get(text)
    if (cached) {
      // Refresh its place in the LRU order.
      statements.delete(text)
      statements.set(text, cached)
      return cached
    }
    const name = `am_${++counter}`
    const { messages } = await client.execProtocol(
      concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    )
    const statement = { name, paramTypes: parser.parseDescribeStatementResults(messages) }
    statements.set(text, statement)
    if (statements.size > max) {
      const [oldestText, oldest] = statements.entries().next().value as [string, Statement]
      statements.delete(oldestText)
      await client.execProtocol(concat([serialize.close({ type: 'S', name: oldest.name }), serialize.sync()]), { syncToFs: false })
    }
    return statement
  }

  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results<T>> {
    const lock = inTransaction ? <R>(fn: () => Promise<R>) => internals._runExclusiveQuery(fn) : exclusive
    return lock(async () => {
      const statement = await statementFor(text)
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null
        const type = statement.paramTypes[i]
        const serializer = (type !== undefined && (options?.serializers?.[type] ?? internals.serializers[type])) || undefined
        return serializer ? serializer(value) : String(value)
      })
      let messages: unknown[]
      try {
        ;({ messages } = await client.execProtocol(
          concat([
            serialize.bind({ statement: statement.name, values }),
            serialize.describe({ type: 'P' }),
            serialize.execute({}),
            serialize.sync(),
          ]),
          { syncToFs: false },
        ))
      } catch (error) {
        // The statement is kept (a constraint violation does not invalidate it) unless the backend lost it.
        if (/prepared statement .* does not exist/.test(String(error))) statements.delete(text)
        throw Object.assign(error as object, { query: text, params })
      }
      if (!inTransaction) await client.syncToFs()
      return parser.parseResults(messages, internals.parsers, options)[0] as Results<T>
    })
  }

  const query = <T>(text: string, params: unknown[] = [], options?: QueryOptions) => run<T>(text, params, options, false)
  const transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    client.transaction((tx) =>
      callback(
        overriding(tx, {
          query: <R>(text: string, params: unknown[] = [], options?: QueryOptions) => run<R>(text, params, options, true),
        }),
      ),
    )
  return overriding(client, { query, transaction })
}

/** `target` with some methods replaced; the others stay bound to it (PGlite uses private fields). */
function overriding<T extends object>(target: T, methods: Record<string, unknown>): T {
  return new Proxy(target, {
    get(t, property) {
      if (typeof property === 'string' && property in methods) return methods[property]
      const value = Reflect.get(t, property, t) as unknown
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(t) : value
    },
  })
}
