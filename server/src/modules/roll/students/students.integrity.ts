import type { FastifyBaseLogger } from 'fastify'
import type { Executor } from '../../../db/types.ts'
import { createStudentsRepository } from './students.repository.ts'

/** At most this many groups are listed at start (a first look, not a report of every one). */
const SHARED_LISTED = 100

/**
 * At start: an ID number belongs to one student, which the unique index students_id_card_uq makes
 * the database hold. Migration 0022 could not build it where students shared numbers already (it
 * must not fail the start for old data); this builds it once they no longer do and, until then,
 * reports them at every start (their ids, never the numbers) for the office to correct. The writes
 * refuse a number another student holds either way.
 */
export async function ensureUniqueIdCards({ db, log }: { db: Executor; log: Pick<FastifyBaseLogger, 'info' | 'warn'> }) {
  const repo = createStudentsRepository({ db })
  if (await repo.idCardIndexExists()) return { indexed: true, shared: [] as number[][] }
  const shared = await repo.sharedIdCards({ limit: SHARED_LISTED })
  if (shared.length > 0) {
    log.warn(
      { students: shared },
      `students share ID numbers (${shared.length}${shared.length >= SHARED_LISTED ? '+' : ''} number(s); the student ids of each are listed): ` +
        'correct them in the console (学籍管理); until then the unique index students_id_card_uq is not built',
    )
    return { indexed: false, shared }
  }
  try {
    await repo.createIdCardIndex()
  } catch (error) {
    // A shared number written meanwhile by a process still running an older version: next start.
    log.warn({ err: error }, 'building the unique index students_id_card_uq failed; it is tried again at the next start')
    return { indexed: false, shared }
  }
  log.info("built the unique index of students' ID numbers (students_id_card_uq)")
  return { indexed: true, shared }
}
