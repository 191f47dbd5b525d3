import type { FastifyBaseLogger } from 'fastify'

/**
 * Where an outbox row (a message that may go out as a WeChat subscribe message) stands: nothing to
 * send, waiting, claimed by a sender, sent, not sent (no acceptance or no open id), failed.
 */
export const PushState = {
  none: 'none',
  pending: 'pending',
  sending: 'sending',
  sent: 'sent',
  skipped: 'skipped',
  failed: 'failed',
} as const
export type PushState = (typeof PushState)[keyof typeof PushState]

/** How the sending of one claimed row ended. */
export type PushOutcome = typeof PushState.sent | typeof PushState.skipped | typeof PushState.failed
export type PushCounts = Record<PushOutcome, number>

export interface OutboxPusher {
  /** Where the count of rows this process has written `pending` stands (see `kick`). */
  mark(): number
  /**
   * Sends what is waiting now, in the background (after a change committed); never throws. With
   * `since` (a `mark()` taken before the change), only when this process has written a row since:
   * a change that wrote none (a heartbeat) costs no claim.
   */
  kick(since?: number): void
  /** Sends everything waiting and resolves when done (tests, the periodic sweep, closing). */
  drain(): Promise<PushCounts>
  /** Resolves when a run under way ends (closing the app), starting none. */
  settle(): Promise<void>
}

/**
 * The sender of an outbox of subscribe messages: rows are written `pending` in the transaction of
 * their change; after the commit it claims a batch (`claim`: pending → sending, never the same row
 * twice across processes), sends each (`push`: a throw counts as failed) and records how each
 * ended (`record`), until none is left. One run at a time: a kick during a run runs again after it.
 */
export function createOutboxPusher<Row extends { id: number }>({
  log,
  claim,
  push,
  record,
  written = () => NaN,
  batch = 20,
}: {
  log: FastifyBaseLogger
  claim: (args: { limit: number }) => Promise<Row[]>
  push: (row: Row) => Promise<PushOutcome>
  record: (args: { id: number; state: PushOutcome }) => Promise<void>
  /** How many rows this process has written `pending` so far (rolled back ones included); none: every kick claims. */
  written?: () => number
  batch?: number
}): OutboxPusher {
  let running: Promise<PushCounts> | undefined
  let again = false

  async function run(total: PushCounts) {
    for (;;) {
      const claimed = await claim({ limit: batch })
      if (claimed.length === 0) return
      for (const row of claimed) {
        const state = await push(row).catch((error: unknown) => {
          log.warn({ err: error, messageId: row.id }, 'WeChat subscribe message not sent')
          return PushState.failed
        })
        await record({ id: row.id, state })
        total[state]++
      }
    }
  }

  function drain() {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      const total: PushCounts = { sent: 0, skipped: 0, failed: 0 }
      do {
        again = false
        await run(total)
      } while (again)
      return total
    })().finally(() => {
      running = undefined
    })
    return running
  }

  return {
    mark: written,
    kick(since) {
      if (since !== undefined && written() === since) return
      drain().catch((error: unknown) => log.warn({ err: error }, 'sending WeChat subscribe messages failed'))
    },
    drain,
    async settle() {
      await running?.catch(() => {})
    },
  }
}
