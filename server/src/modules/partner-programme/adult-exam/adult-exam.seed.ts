import type { Executor } from '../../../db/types.ts'
import { createAdultExamRepository } from './adult-exam.repository.ts'

/** The example the start-up banner prints for trying /pages/user/volunteer. */
export const VOLUNTEER_DEMO = { name: '张三', examNo: '2026330100001' }

/** A small volunteer data set: a few admission results and the score lines of their batches. */
export async function seedAdultExamDemo({ db }: { db: Executor }) {
  const repo = createAdultExamRepository({ db })
  await repo.upsertResults([
    {
      year: 2026,
      examNo: VOLUNTEER_DEMO.examNo,
      name: VOLUNTEER_DEMO.name,
      totalScore: 286,
      school: '浙江开放大学',
      major: '工商管理',
      batch: '专升本',
      category: '经管类',
    },
    {
      year: 2026,
      examNo: '2026330100002',
      name: '李娜',
      totalScore: 312.5,
      school: '浙江工商大学',
      major: '会计学',
      batch: '专升本',
      category: '经管类',
    },
    {
      year: 2026,
      examNo: '2026330100003',
      name: '王强',
      totalScore: 245,
      school: '杭州职业技术学院',
      major: '计算机网络技术',
      batch: '高起专',
      category: '理工类',
    },
    { year: 2026, examNo: '2026330100004', name: '赵敏', totalScore: 98, school: null, major: null, batch: '专升本', category: '经管类' },
  ])
  await repo.upsertScoreLines([
    { year: 2026, batch: '专升本', category: '经管类', score: 120 },
    { year: 2026, batch: '专升本', category: '文史类', score: 125 },
    { year: 2026, batch: '高起专', category: '理工类', score: 100 },
    { year: 2026, batch: '高起专', category: '文史类', score: 100 },
    { year: 2026, batch: '高起本', category: '理工类', score: 160 },
  ])
}
