import type { Executor } from '../../../db/types.ts'
import { publishNotice, saveNotice } from './notices.service.ts'

/**
 * Two published notices: one to every student, one to the 2026 batch 1 (the demo student's). They
 * are published as the console publishes them, so the demo students get their messages too (run
 * after the students are seeded).
 */
export async function seedNoticesDemo({ db }: { db: Executor }): Promise<void> {
  const now = Date.now()
  const demo = [
    {
      input: {
        title: '2026年春季学期开学通知',
        content:
          '<p>各位同学：</p><p>2026年春季学期将于<strong>3月2日</strong>开学，请按时登录学习平台完成选课，并留意班主任发布的课程安排。</p>',
      },
      publishedAt: new Date(now - 2 * 86_400_000),
    },
    {
      input: {
        title: '2026级1期新生入学资料提交提醒',
        content: '<p>2026级1期的同学请于本月底前在“我的学籍”中核对个人信息，如姓名、身份证号有误，请提交学籍信息修改申请。</p>',
        targetBatchYear: 2026,
        targetBatch: 1,
      },
      publishedAt: new Date(now - 86_400_000),
    },
  ]
  for (const { input, publishedAt } of demo)
    await db.transaction(async (tx) => {
      const draft = await saveNotice({ db: tx, input })
      await publishNotice({ db: tx, id: draft.id, now: publishedAt })
    })
}
