/**
 * 投屏签到码 of a night class: the shared room screen (components/CheckInScreen) asking for the
 * class's code, with the class's time and place, and why check-in is closed when it is.
 */
import { Alert } from 'antd'
import { type NightClassDetail, nightApi } from '../../api/night'
import { CheckInScreen as RoomScreen } from '../../components/CheckInScreen'
import { formatDateTime, officeTime } from '../../format'

export function CheckInScreen({ cls, open, onClose }: { cls: NightClassDetail; open: boolean; onClose: () => void }) {
  return (
    <RoomScreen
      open={open}
      onClose={onClose}
      load={() => nightApi.screenCode(cls.id)}
      loadKey={String(cls.id)}
      title={`投屏签到码 · ${cls.title}`}
      heading={cls.title}
      meta={`${formatDateTime(cls.startsAt)} 至 ${officeTime(cls.endsAt).format('HH:mm')} · ${cls.place}`}
      notice={(shown) =>
        shown.checkInOpen ? null : (
          <Alert
            className='check-in-screen-alert'
            type='info'
            showIcon
            message={
              Date.parse(shown.serverTime) < Date.parse(shown.checkInOpensAt)
                ? `签到将于 ${formatDateTime(shown.checkInOpensAt)} 开放（开课前30分钟）`
                : '课程已结束，签到已关闭'
            }
          />
        )
      }
      testId='night-screen'
    />
  )
}
