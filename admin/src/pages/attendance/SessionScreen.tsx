/**
 * 签到码 of a face-to-face session: the shared room screen (components/CheckInScreen) asking for the
 * session's code, with its class, time and place, why check-in is closed (or counts as late now),
 * and how many of its students have checked in, fresh with each code.
 */
import { Alert } from 'antd'
import { attendanceApi, type SessionRow, type SessionScreenCode } from '../../api/attendance'
import { CheckInScreen } from '../../components/CheckInScreen'
import { formatDateTime } from '../../format'

function notice(shown: SessionScreenCode) {
  const now = Date.parse(shown.serverTime)
  const message = !shown.checkInOpen
    ? now < Date.parse(shown.checkInOpensAt)
      ? `签到将于 ${formatDateTime(shown.checkInOpensAt)} 开放`
      : '课程已结束，签到已关闭'
    : now >= Date.parse(shown.lateAt)
      ? '已过迟到时间，现在签到记为迟到'
      : null
  if (!message) return null
  return <Alert className='check-in-screen-alert' type={shown.checkInOpen ? 'warning' : 'info'} showIcon message={message} />
}

function counts({ counts: c }: SessionScreenCode) {
  return (
    <p className='check-in-screen-counts' data-testid='attendance-screen-counts'>
      已签到 {c.present + c.late} / {c.total} 人{c.late ? `（迟到 ${c.late}）` : ''}
      {c.leave ? ` · 请假 ${c.leave}` : ''}
    </p>
  )
}

export function SessionScreen({ session, open, onClose }: { session: SessionRow; open: boolean; onClose: () => void }) {
  return (
    <CheckInScreen
      open={open}
      onClose={onClose}
      load={() => attendanceApi.screenCode(session.id)}
      loadKey={String(session.id)}
      title={`签到码 · ${session.className} · ${session.course}`}
      heading={session.course}
      meta={`${session.className} · ${session.date} ${session.startTime}-${session.endTime} · ${session.place || '线上'}`}
      notice={notice}
      footer={counts}
      testId='attendance-screen'
    />
  )
}
