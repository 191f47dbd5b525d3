import type { Executor } from '../../db/types.ts'
import { NoticeStatus } from '../../wire.ts'
import { notices } from './notices.table.ts'

/** Two published notices: one to every student, one to the 2026 batch 1 (the demo student's). */
export async function seedNoticesDemo({ db }: { db: Executor }): Promise<void> {
  const now = Date.now()
  await db.insert(notices).values([
    {
      title: '2026年春季学期开学通知',
      content:
        '<p>各位同学：</p><p>2026年春季学期将于<strong>3月2日</strong>开学，请按时登录学习平台完成选课，并留意班主任发布的课程安排。</p>',
      status: NoticeStatus.published,
      publishedAt: new Date(now - 2 * 86_400_000),
    },
    {
      title: '2026级1期新生入学资料提交提醒',
      content: '<p>2026级1期的同学请于本月底前在“我的学籍”中核对个人信息，如姓名、身份证号有误，请提交学籍信息修改申请。</p>',
      targetBatchYear: 2026,
      targetBatch: 1,
      status: NoticeStatus.published,
      publishedAt: new Date(now - 86_400_000),
    },
  ])
}
