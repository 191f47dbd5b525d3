import type { FastifyInstance } from 'fastify'
import type { Config } from './config.ts'
import { ensureFirstAdmin } from './modules/admins/admins.service.ts'
import { DEMO, seedDemo } from './seed/demo.ts'
import { VOLUNTEER_DEMO } from './seed/other-screens.ts'

/** Start-up tasks of a real start (not of tests): the first administrator, then demo data when enabled. */
export async function runStartupTasks({ app, config }: { app: FastifyInstance; config: Config }): Promise<void> {
  const first = await ensureFirstAdmin({ db: app.db, config, log: app.log })
  if (first?.password) {
    // Printed once, on the console only: the generated password of the development administrator.
    process.stdout.write(
      `\n  First operator created: account "${first.account}", password "${first.password}" (shown once; set ADMIN_ACCOUNT/ADMIN_PASSWORD to choose)\n\n`,
    )
  }
  if (config.seedDemo && (await seedDemo({ db: app.db, freezeDays: config.commissionFreezeDays }))) {
    process.stdout.write(
      [
        '',
        '  Demo data created:',
        `    partner   ${DEMO.partner.phone} / ${DEMO.partner.password}  (active, share code DEMO01)`,
        `    partner   ${DEMO.secondPartner.phone} / ${DEMO.secondPartner.password}  (pending review)`,
        `    operators ${DEMO.teacher.account} / ${DEMO.teacher.password} (招生老师), ${DEMO.finance.account} / ${DEMO.finance.password} (财务)${first?.password ? `, ${first.account} (管理员, above)` : ''}`,
        `    志愿查询示例: ${VOLUNTEER_DEMO.name} / ${VOLUNTEER_DEMO.examNo}`,
        '',
      ].join('\n') + '\n',
    )
  }
}
