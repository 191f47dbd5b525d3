import { beijingDate, shiftDate } from '@activity/domain'
import type { Executor } from '../../../db/types.ts'
import { MailingStatus } from '../../../wire.ts'
import { textbookMailings } from './textbooks.table.ts'

/**
 * The demo's mailing of textbooks: a draft for 林小雨's batch (2026年1期), its addresses due in
 * two weeks, for the office to publish.
 */
export async function seedTextbooksDemo({ db, now = new Date() }: { db: Executor; now?: Date }) {
  await db.insert(textbookMailings).values({
    title: '2026年春季教材',
    term: '2026年春季',
    targetBatchYear: 2026,
    targetBatch: 1,
    books: [
      { title: '大学英语（二）', isbn: '9787040396638', quantity: 1 },
      { title: '管理学原理', isbn: '9787300250465', quantity: 1 },
      { title: '经济法概论', isbn: null, quantity: 1 },
    ],
    addressDeadline: shiftDate(beijingDate(now), 14),
    status: MailingStatus.draft,
  })
}
