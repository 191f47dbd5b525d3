/**
 * The activity page as a phone shows it (src/pages/activity/detail.tsx at 375 px): the cover,
 * title with state and type badges, the time window, the body the back-office stored, and the
 * bottom of a campaign (its clue form, or why there is none).
 */
import { ActivityState, ActivityType } from '@activity/wire'
import type { CSSProperties, ReactNode } from 'react'
import type { Activity } from '../../api/activities'
import { PhoneFrame, StoredHtml } from '../../components/PhonePreview'
import { formatDateTime } from '../../format'

const BRAND = '#ff6b00'
const BADGE: Record<ActivityState, string> = {
  [ActivityState.notStarted]: '#2f7cf6',
  [ActivityState.ongoing]: '#16a05d',
  [ActivityState.ended]: '#9a9aa3',
}

function Badge({ color, children }: { color: string; children: ReactNode }) {
  return (
    <span
      style={{
        display: 'inline-block',
        padding: '0 6px',
        fontSize: 11,
        lineHeight: '18px',
        borderRadius: 3,
        color,
        background: `${color}1a`,
      }}
    >
      {children}
    </span>
  )
}

const card: CSSProperties = { margin: '12px 12px 0', padding: 14, background: '#fff', borderRadius: 10 }
const notice: CSSProperties = { margin: 12, padding: 14, fontSize: 14, lineHeight: 1.6, textAlign: 'center', borderRadius: 10 }

function Signup({ activity }: { activity: Activity }) {
  if (activity.type !== ActivityType.campaign) return null
  if (activity.acceptsClues) {
    return (
      <div style={{ ...card, marginBottom: 12 }} data-testid='phone-clue-form'>
        {['姓名', '手机号', '意向专业'].map((label) => (
          <div key={label} style={{ display: 'flex', padding: '10px 0', borderBottom: '1px solid #f2f2f2', fontSize: 14 }}>
            <span style={{ width: 72, color: '#333' }}>{label}</span>
            <span style={{ color: '#bbb' }}>
              {label === '意向专业' ? '请选择（选填）' : `请输入${label === '姓名' ? '您的姓名' : '手机号'}`}
            </span>
          </div>
        ))}
        <div style={{ marginTop: 14, padding: '10px 0', textAlign: 'center', color: '#fff', background: BRAND, borderRadius: 20 }}>
          提交报名
        </div>
      </div>
    )
  }
  if (activity.state === ActivityState.notStarted) {
    return (
      <div style={{ ...notice, color: '#2f7cf6', background: 'rgba(47,124,246,0.08)' }}>
        活动尚未开始，{formatDateTime(activity.startAt)} 开放报名，敬请期待
      </div>
    )
  }
  return <div style={{ ...notice, color: '#666', background: '#fff' }}>活动已结束，不能再报名，感谢您的关注</div>
}

export function ActivityPhone({ activity }: { activity: Activity }) {
  return (
    <PhoneFrame title='活动详情' testId='activity-phone'>
      <div style={{ paddingBottom: 20 }}>
        {activity.cover ? (
          <img
            src={activity.cover}
            alt=''
            style={{ display: 'block', width: '100%', height: 200, objectFit: 'cover', background: '#eee' }}
          />
        ) : null}
        <div style={card}>
          <div style={{ fontSize: 18, fontWeight: 600, lineHeight: 1.4, color: '#222' }}>{activity.title}</div>
          <div style={{ display: 'flex', gap: 6, marginTop: 7 }}>
            <Badge color={BADGE[activity.state]}>{activity.state}</Badge>
            <Badge color={BRAND}>{activity.type}</Badge>
          </div>
          <div style={{ marginTop: 7, fontSize: 12, color: '#999' }}>
            活动时间：{formatDateTime(activity.startAt)} 至 {formatDateTime(activity.endAt)}
          </div>
        </div>
        <div style={card}>
          <StoredHtml html={activity.body} />
        </div>
        <Signup activity={activity} />
      </div>
    </PhoneFrame>
  )
}
