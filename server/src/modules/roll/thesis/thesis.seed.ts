import { beijingDate, shiftDate } from '@activity/domain'
import type { Executor } from '../../../db/types.ts'
import { createThesisRepository } from './thesis.repository.ts'

/**
 * The demo's thesis batch: 2026年1期 (林小雨's batch) choosing topics for two weeks from three days
 * ago, then 开题报告, 初稿 and 定稿 a month apart, scored 40% by the advisor and 60% by the defence;
 * 王老师 offers two topics, one with a single place.
 */
export async function seedThesisDemo({
  db,
  advisor,
  createdBy,
  now = new Date(),
}: {
  db: Executor
  advisor: { id: number; name: string }
  createdBy: string
  now?: Date
}) {
  const day = (offset: number) => shiftDate(beijingDate(now), offset)
  const repo = createThesisRepository({ db })
  const batch = await repo.insertBatch({
    name: '2026年1期毕业论文',
    batchYear: 2026,
    batch: 1,
    topicFrom: day(-3),
    topicTo: day(14),
    proposalDue: day(30),
    draftDue: day(60),
    finalDue: day(90),
    internshipDue: null,
    advisorWeight: 40,
    defenceWeight: 60,
    passScore: 60,
    createdBy,
  })
  for (const [title, capacity, description] of [
    ['成人学习者的学习动机与坚持', 1, '以本校在读学员为样本的问卷与访谈研究'],
    ['中小企业数字化转型中的人力资源管理', 4, '结合一家企业的实际案例'],
  ] as const)
    await repo.insertTopic({ thesisBatchId: batch.id, title, description, capacity, advisorId: advisor.id, advisorName: advisor.name })
}
