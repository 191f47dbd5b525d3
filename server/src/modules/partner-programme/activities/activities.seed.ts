import type { Executor } from '../../../db/types.ts'
import { sanitizeHtml } from '../../../lib/sanitize-html.ts'
import { ActivityStatus, ActivityType } from '../../../wire.ts'
import { createActivitiesRepository } from './activities.repository.ts'

const DAY = 86400_000

function cover(title: string, from: string, to: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="400"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="750" height="400" fill="url(#g)"/><text x="375" y="215" font-size="52" text-anchor="middle" fill="#fff" font-family="sans-serif">${title}</text></svg>`
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}

/** Demo activities: an open campaign with a clue form, one not yet open, one closed. */
export async function seedActivitiesDemo({ db, now = new Date() }: { db: Executor; now?: Date }) {
  const repo = createActivitiesRepository({ db })
  const at = (days: number) => new Date(now.getTime() + days * DAY)
  const publishedAt = at(-30)
  const open = await repo.insert({
    title: '2026年春季学历提升招生',
    cover: cover('春季学历提升', '#ff8a00', '#e52e71'),
    summary: '专升本、高起专火热报名中，留下联系方式，招生老师一对一解答',
    body: sanitizeHtml(
      '<h3>活动介绍</h3><p>2026年春季成人学历提升报名正式开启，开设<strong>高起专、专升本</strong>等层次，工商管理、会计学、电子商务等热门专业任选。</p><h3>报名优惠</h3><ul><li>活动期间报名立减学费 <strong>500 元</strong></li><li>赠送备考资料与线上直播课</li></ul><h3>报名方式</h3><p>在下方填写姓名和手机号，招生老师将在 1 个工作日内与您联系。</p>',
    ),
    type: ActivityType.campaign,
    status: ActivityStatus.published,
    startAt: at(-10),
    endAt: at(50),
    publishedAt,
  })
  const soon = await repo.insert({
    title: '秋季职业技能培训开班预告',
    cover: cover('秋季技能培训', '#2193b0', '#6dd5ed'),
    summary: '计算机应用、电子商务、人力资源管理等课程即将开班',
    body: sanitizeHtml(
      '<p>秋季职业技能培训即将开始报名，课程涵盖计算机应用、电子商务、人力资源管理等方向，结业颁发培训证书。</p><p>报名通道将于活动开始时开放，敬请关注。</p>',
    ),
    type: ActivityType.campaign,
    status: ActivityStatus.published,
    startAt: at(20),
    endAt: at(80),
    publishedAt,
  })
  const closed = await repo.insert({
    title: '2025年冬季招生说明会',
    cover: cover('冬季招生说明会', '#536976', '#292e49'),
    summary: '说明会已圆满结束，感谢参与',
    body: sanitizeHtml('<p>2025年冬季招生说明会已于12月圆满结束，共有 300 余名学员参加。错过的同学可关注春季招生活动。</p>'),
    type: ActivityType.campaign,
    status: ActivityStatus.published,
    startAt: at(-90),
    endAt: at(-60),
    publishedAt: at(-95),
  })
  return { open, soon, closed }
}
