import type { FastifyInstance } from 'fastify'
import type { Config } from './config.ts'
import type { Executor } from './db/types.ts'
import { ensureFirstAdmin } from './modules/platform/index.ts'
import { sweepWithdrawable } from './modules/partner-programme/index.ts'
import { createSessionsRepository } from './modules/platform/index.ts'
import { sendLiveReminders } from './modules/learning/index.ts'
import { closeOverdueAttempts } from './modules/learning/index.ts'
import { earnForExamPassed } from './modules/points/index.ts'
import { retryStaleRefunds } from './modules/money/index.ts'
import { pruneSignInRecords, remindOverdue } from './modules/platform/index.ts'
import { DEMO, seedDemo } from './seed/demo.ts'
import { VOLUNTEER_DEMO } from './seed/other-screens.ts'
import { ensureUniqueIdCards, STUDENTS_DEMO, sweepEndedSessions } from './modules/roll/index.ts'
import { COURSES_DEMO, ensureCourseCategories } from './modules/learning/index.ts'

const PURGE_EVERY_MS = 6 * 60 * 60 * 1000

/**
 * Expired sessions are refused when presented, and deleted then; the ones never presented again
 * are purged at start and every 6 hours so the table does not grow for ever.
 */
export function scheduleSessionPurge({ app, db }: { app: FastifyInstance; db: Executor }): void {
  const purge = () =>
    createSessionsRepository({ db })
      .deleteExpired({ now: new Date() })
      .catch((error: unknown) => app.log.warn({ err: error }, 'purging expired sessions failed'))
  const timer = setInterval(purge, PURGE_EVERY_MS).unref()
  app.addHook('onReady', async () => {
    await purge()
  })
  app.addHook('onClose', async () => clearInterval(timer))
}

/**
 * Sign-in records (登录记录) older than SIGN_IN_RECORDS_KEEP_DAYS are deleted at start and every
 * 6 hours. Several processes may prune at once: each deletes in batches, skipping the rows another
 * one is deleting.
 */
export function scheduleSignInRecordsPrune({ app, db, keepDays }: { app: FastifyInstance; db: Executor; keepDays: number }): void {
  let busy = false
  const run = async () => {
    if (busy) return
    busy = true
    try {
      const deleted = await pruneSignInRecords({ db, keepDays })
      if (deleted > 0) app.log.info({ deleted, keepDays }, 'pruned old sign-in records')
    } catch (error) {
      app.log.warn({ err: error }, 'pruning sign-in records failed')
    } finally {
      busy = false
    }
  }
  const timer = setInterval(() => void run(), PURGE_EVERY_MS).unref()
  app.addHook('onReady', async () => {
    void run()
  })
  app.addHook('onClose', async () => clearInterval(timer))
}

const MESSAGE_SWEEP_EVERY_MS = 60 * 1000

/**
 * Every minute: a 佣金可提现 message for each commission whose freeze ended (idempotent: several
 * processes may sweep at once), then the WeChat subscribe messages still waiting (ones a process
 * stopped before sending, and the sweep's).
 */
export function scheduleMessageSweep({ app, db }: { app: FastifyInstance; db: Executor }): void {
  let busy = false
  const sweep = async () => {
    if (busy) return
    busy = true
    try {
      await sweepWithdrawable({ db })
      await app.messagePusher.drain()
    } catch (error) {
      app.log.warn({ err: error }, 'the message sweep failed')
    } finally {
      busy = false
    }
  }
  const timer = setInterval(() => void sweep(), MESSAGE_SWEEP_EVERY_MS).unref()
  app.addHook('onReady', async () => {
    void sweep()
  })
  app.addHook('onClose', async () => clearInterval(timer))
}

const LIVE_REMINDER_EVERY_MS = 60 * 1000

/**
 * Every minute: the reminders of live classes starting within 30 minutes (each class claimed by
 * one UPDATE, so several processes running it at once send each reminder once), then their WeChat
 * subscribe messages.
 */
export function scheduleLiveReminders({ app, db }: { app: FastifyInstance; db: Executor }): void {
  let busy = false
  const run = async () => {
    if (busy) return
    busy = true
    try {
      const { messaged } = await sendLiveReminders({ db })
      if (messaged > 0) app.messagePusher.kick()
    } catch (error) {
      app.log.warn({ err: error }, 'sending live reminders failed')
    } finally {
      busy = false
    }
  }
  const timer = setInterval(() => void run(), LIVE_REMINDER_EVERY_MS).unref()
  app.addHook('onReady', async () => {
    void run()
  })
  app.addHook('onClose', async () => clearInterval(timer))
}

const OVERDUE_ATTEMPTS_EVERY_MS = 15 * 1000

/**
 * Every 15 s: open exam attempts past their end are closed (超时自动交卷) and scored, 100 per
 * transaction; several processes share the work (FOR UPDATE SKIP LOCKED). A read of an overdue
 * attempt closes it too, so a student never waits for this.
 */
export function scheduleOverdueAttempts({ app, db }: { app: FastifyInstance; db: Executor }): void {
  let busy = false
  const run = async () => {
    if (busy) return
    busy = true
    try {
      await closeOverdueAttempts({ db, onPassed: earnForExamPassed })
    } catch (error) {
      app.log.warn({ err: error }, 'closing overdue exam attempts failed')
    } finally {
      busy = false
    }
  }
  const timer = setInterval(() => void run(), OVERDUE_ATTEMPTS_EVERY_MS).unref()
  app.addHook('onReady', async () => {
    void run()
  })
  app.addHook('onClose', async () => clearInterval(timer))
}

const APPROVAL_REMINDERS_EVERY_MS = 10 * 60 * 1000

/**
 * Every 10 minutes: approval steps waiting past their flow's limit are reminded (催办, on the
 * request's timeline), each at most once a day; several processes share the work (SKIP LOCKED).
 * Then the approvers' WeChat subscribe messages still waiting (the reminders', and ones a process
 * stopped before sending).
 */
export function scheduleApprovalReminders({ app, db }: { app: FastifyInstance; db: Executor }): void {
  let busy = false
  const run = async () => {
    if (busy) return
    busy = true
    try {
      await remindOverdue({ db })
      await app.approvalPusher.drain()
    } catch (error) {
      app.log.warn({ err: error }, 'reminding overdue approvals failed')
    } finally {
      busy = false
    }
  }
  const timer = setInterval(() => void run(), APPROVAL_REMINDERS_EVERY_MS).unref()
  app.addHook('onReady', async () => {
    void run()
  })
  app.addHook('onClose', async () => clearInterval(timer))
}

const ATTENDANCE_SWEEP_EVERY_MS = 60 * 1000

/**
 * Every minute: face-to-face sessions that ended are looked at once (SKIP LOCKED: processes share
 * them) and their students whose absence rate passed the threshold are warned (考勤预警).
 */
export function scheduleAttendanceSweep({ app, db }: { app: FastifyInstance; db: Executor }): void {
  let busy = false
  const run = async () => {
    if (busy) return
    busy = true
    try {
      while ((await sweepEndedSessions({ db })) > 0);
    } catch (error) {
      app.log.warn({ err: error }, 'the attendance sweep failed')
    } finally {
      busy = false
    }
  }
  const timer = setInterval(() => void run(), ATTENDANCE_SWEEP_EVERY_MS).unref()
  app.addHook('onReady', async () => {
    void run()
  })
  app.addHook('onClose', async () => clearInterval(timer))
}

const STALE_REFUNDS_EVERY_MS = 5 * 60 * 1000

/**
 * Every 5 minutes: refunds still 退款中 after 2 minutes are asked of the provider again by their
 * own number (a repeat is the same refund), so a crash between recording a refund and asking for
 * it, or a lost refund notification, does not leave it open for ever.
 */
export function scheduleStaleRefunds({ app, db }: { app: FastifyInstance; db: Executor }): void {
  let busy = false
  const run = async () => {
    if (busy) return
    busy = true
    try {
      await retryStaleRefunds({ db, pay: app.pay, log: app.log })
    } catch (error) {
      app.log.warn({ err: error }, 'asking again for stale refunds failed')
    } finally {
      busy = false
    }
  }
  const timer = setInterval(() => void run(), STALE_REFUNDS_EVERY_MS).unref()
  app.addHook('onReady', async () => {
    void run()
  })
  app.addHook('onClose', async () => clearInterval(timer))
}

/**
 * Start-up tasks of a real start (not of tests): the first administrator, then demo data when
 * enabled. What the person starting it must read goes to `print`: the console, not the log.
 */
export async function runStartupTasks({
  app,
  config,
  print = (text) => process.stdout.write(text),
}: {
  app: FastifyInstance
  config: Config
  print?: (text: string) => void
}): Promise<void> {
  const first = await ensureFirstAdmin({ db: app.db, config, log: app.log })
  if (first?.password) {
    // Printed once, on the console only: the generated password of the development administrator.
    print(
      `\n  First operator created: account "${first.account}", password "${first.password}" (shown once; set ADMIN_ACCOUNT/ADMIN_PASSWORD to choose)\n\n`,
    )
  }
  // Every fresh database starts with the specification's course categories (the office edits them).
  await ensureCourseCategories({ db: app.db })
  // Students sharing an ID number from before it was refused: reported (log) until corrected.
  await ensureUniqueIdCards({ db: app.db, log: app.log })
  if (
    config.seedDemo &&
    (await seedDemo({
      db: app.db,
      freezeDays: config.commissionFreezeDays,
      storage: app.storage,
      log: (message) => app.log.warn(message),
    }))
  ) {
    print(
      [
        '',
        '  Demo data created:',
        `    partner   ${DEMO.partner.phone} / ${DEMO.partner.password}  (active, share code DEMO01)`,
        `    partner   ${DEMO.secondPartner.phone} / ${DEMO.secondPartner.password}  (pending review)`,
        `    student   ${STUDENTS_DEMO.student.phone} (${STUDENTS_DEMO.student.name}, 2026年1期 专升本): 学员登录 with an SMS code`,
        `    student   ${STUDENTS_DEMO.partnerStudent.phone} (the demo partner holds a student profile too: 学员登录 or 合伙人登录)`,
        `              SMS codes are not sent in development: read them at /api/dev/smsOutbox?phone=<phone>`,
        `    operators ${DEMO.teacher.account} / ${DEMO.teacher.password} (招生老师), ${DEMO.finance.account} / ${DEMO.finance.password} (财务)${first?.password ? `, ${first.account} (管理员, above)` : ''}`,
        `    志愿查询示例: ${VOLUNTEER_DEMO.name} / ${VOLUNTEER_DEMO.examNo}`,
        `    courses   「${COURSES_DEMO.english}」 for sale (a 试看 section), 「${COURSES_DEMO.maths}」 and 「${COURSES_DEMO.live}」 (live now) granted to both demo students`,
        '',
      ].join('\n') + '\n',
    )
  }
}
