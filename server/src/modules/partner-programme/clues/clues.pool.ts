import type { Executor } from '../../../db/types.ts'
import { type Actor, recordAudit } from '../../platform/index.ts'
import { createAdminsRepository } from '../../platform/index.ts'
import { createAssigneeInvalidError, createClueNotFoundError, createClueTakenError } from './clues.errors.ts'
import { createCluesRepository } from './clues.repository.ts'
import { lockForActor } from './clues.service.ts'

// The pool: 管理员 assigns clues, 招生老师 take them, and a deleted operator's go back.

/** 管理员 assigns a clue to an enabled 招生老师 (or, with no assignee, returns it to the pool). */
export async function assignClue({ db, id, assigneeId, actor }: { db: Executor; id: number; assigneeId?: number; actor: Actor }) {
  return db.transaction(async (tx) => {
    const clue = await lockForActor({ tx, id, actor })
    let assigneeName: string | null = null
    if (assigneeId !== undefined) {
      const admin = await createAdminsRepository({ db: tx }).findWithRights({ id: assigneeId })
      if (!admin || !admin.enabled || !admin.rights.includes('clues.work')) throw createAssigneeInvalidError()
      assigneeName = admin.name
    }
    const updated = await createCluesRepository({ db: tx }).update({
      id,
      values: {
        assigneeId: assigneeId ?? null,
        // Assigned again to the same teacher: still theirs since the first time.
        assignedAt: assigneeId === undefined ? null : assigneeId === clue.assigneeId ? clue.assignedAt : new Date(),
      },
    })
    await recordAudit({
      tx,
      actor,
      entry: {
        action: 'clue.assign',
        entityType: 'clue',
        entityId: id,
        summary: assigneeName ? `线索「${clue.name}」分配给${assigneeName}` : `线索「${clue.name}」退回线索池`,
        before: { assigneeId: clue.assigneeId },
        after: { assigneeId: updated.assigneeId, assigneeName },
      },
    })
    return updated
  })
}

/** A 招生老师 takes a clue from the pool: one atomic UPDATE ... WHERE assignee_id IS NULL, so of two at once one wins. */
export async function takeClue({ db, id, actor }: { db: Executor; id: number; actor: Actor }) {
  return db.transaction(async (tx) => {
    const repo = createCluesRepository({ db: tx })
    const taken = await repo.takeIfUnassigned({ id, assigneeId: actor.id })
    if (!taken) {
      const clue = await repo.findById({ id })
      if (!clue) throw createClueNotFoundError()
      if (clue.assigneeId === actor.id) throw createClueTakenError({ message: '该线索已在您名下' })
      throw createClueTakenError()
    }
    await recordAudit({
      tx,
      actor,
      entry: {
        action: 'clue.take',
        entityType: 'clue',
        entityId: id,
        summary: `${actor.name}领取线索「${taken.name}」`,
        before: { assigneeId: null },
        after: { assigneeId: actor.id, assigneeName: actor.name },
      },
    })
    return taken
  })
}

/** Every clue of an operator back to the pool (the operator was deleted). */
export async function releaseClues({ db, assigneeId }: { db: Executor; assigneeId: number }) {
  await createCluesRepository({ db }).releaseAll({ assigneeId })
}
