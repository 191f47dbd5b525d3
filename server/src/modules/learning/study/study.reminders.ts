import type { Executor } from '../../../db/types.ts'
import { LIVE_REMIND_BEFORE_MINUTES } from '../../../wire.ts'
import { recordLiveReminders } from '../../platform/index.ts'
import { createStudyRepository } from './study.repository.ts'

/**
 * The live reminders due now: each live class starting within LIVE_REMIND_BEFORE_MINUTES is
 * claimed (reminded_at set) and every student on its course gets a 直播提醒 message, in one
 * transaction. Several processes may run it at once: a class is claimed by one UPDATE, so it goes
 * to one of them; a run that fails rolls its claims back for the next one. The WeChat subscribe
 * messages go out after the commit (the message pusher).
 */
export async function sendLiveReminders({ db, now = new Date() }: { db: Executor; now?: Date }) {
  return db.transaction(async (tx) => {
    const repo = createStudyRepository({ db: tx })
    const claimed = await repo.claimReminders({ now, beforeMs: LIVE_REMIND_BEFORE_MINUTES * 60_000 })
    let messaged = 0
    for (const live of claimed) {
      const courseTitle = (await repo.courseTitle({ courseId: live.courseId })) ?? ''
      messaged += await recordLiveReminders({
        tx,
        live: { ...live, courseTitle },
        recipients: repo.courseRecipients({ courseId: live.courseId }),
        now,
      })
    }
    return { classes: claimed.length, messaged }
  })
}
