/**
 * The activity page as a phone shows it (src/pages/activity/detail.tsx at 375 px): the cover,
 * title with state and type badges, the time window, the body the back-office stored, and the
 * bottom of a campaign (its clue form, or why there is none).
 */
import { ActivityState, ActivityType } from '@activity/wire'
import type { ReactNode } from 'react'
import type { Activity } from '../../api/activities'
import { PhoneFrame, StoredHtml } from '../../components/PhonePreview'
import { formatDateTime } from '../../format'

/** A small label in the app's style: an activity's state in its colour, or its type in the brand colour (PhonePreview.css). */
function Badge({ state, children }: { state?: ActivityState; children: ReactNode }) {
  return <span className={state ? `phone-badge phone-badge--${state}` : 'phone-badge'}>{children}</span>
}

function Signup({ activity }: { activity: Activity }) {
  if (activity.type !== ActivityType.campaign) return null
  if (activity.acceptsClues) {
    return (
      <div className='phone-card phone-card--last' data-testid='phone-clue-form'>
        {['姓名', '手机号', '意向专业'].map((label) => (
          <div key={label} className='phone-field'>
            <span className='phone-field__label'>{label}</span>
            <span className='phone-field__hint'>
              {label === '意向专业' ? '请选择（选填）' : `请输入${label === '姓名' ? '您的姓名' : '手机号'}`}
            </span>
          </div>
        ))}
        <div className='phone-submit'>提交报名</div>
      </div>
    )
  }
  if (activity.state === ActivityState.notStarted) {
    return <div className='phone-notice phone-notice--soon'>活动尚未开始，{formatDateTime(activity.startAt)} 开放报名，敬请期待</div>
  }
  return <div className='phone-notice'>活动已结束，不能再报名，感谢您的关注</div>
}

export function ActivityPhone({ activity }: { activity: Activity }) {
  return (
    <PhoneFrame title='活动详情' testId='activity-phone'>
      <div className='phone-page'>
        {activity.cover ? <img src={activity.cover} alt='' className='phone-cover' /> : null}
        <div className='phone-card'>
          <div className='phone-title'>{activity.title}</div>
          <div className='phone-badges'>
            <Badge state={activity.state}>{activity.state}</Badge>
            <Badge>{activity.type}</Badge>
          </div>
          <div className='phone-meta'>
            活动时间：{formatDateTime(activity.startAt)} 至 {formatDateTime(activity.endAt)}
          </div>
        </div>
        <div className='phone-card'>
          <StoredHtml html={activity.body} />
        </div>
        <Signup activity={activity} />
      </div>
    </PhoneFrame>
  )
}
