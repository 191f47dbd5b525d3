import Taro, { usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { education, type RosterStudent } from '../../api/ems/education'
import EmptyNotice from '../../components/empty-notice'
import ListFooter from '../../components/list-footer'
import Page from '../../components/page'
import RetryLine from '../../components/retry-line'
import { useRoute } from '../../components/router-helper'
import { usePagedList } from '../../hooks/paged-list'
import { staffIdOf } from '../../links/staff'
import { press } from '../../platform'
import { routeOf } from '../../routes'
import { asStaff, useRequireStaff } from '../../staff/session'
import { isWholePhone } from './components/staff-approvals'
import './roster.scss'

const TITLE = routeOf('pages/staff/roster')?.title ?? '班级学员'

function StudentRow({ student }: { student: RosterStudent }) {
  const phone = student.phone
  return (
    <View className='staff-roster__row'>
      <View className='staff-roster__main'>
        <View className='staff-roster__top'>
          <Text className='staff-roster__name'>{student.name}</Text>
          {student.status !== '在读' ? <Text className='staff-roster__status'>{student.status}</Text> : null}
        </View>
        <Text className='staff-roster__no'>{`学号 ${student.studentNo ?? '未分配'}`}</Text>
        <Text className='staff-roster__phone'>{phone}</Text>
      </View>
      {isWholePhone(phone) ? (
        <View
          className='staff-roster__call'
          {...press(() => void Taro.makePhoneCall({ phoneNumber: phone }).catch(() => undefined), { label: `拨打${student.name}的电话` })}
        >
          <Text>拨打</Text>
        </View>
      ) : null}
    </View>
  )
}

/**
 * 班级学员 (`?classId=`): the students now in one of my classes, with their student number and
 * phone as the back-office gives it: masked (139****0000) unless my position may see it whole, and
 * only a whole phone offers 拨打. Pull-down refresh, the next page at the bottom.
 */
export default function StaffRosterPage() {
  const { staff, failed, retry } = useRequireStaff()
  const route = useRoute()
  const classId = staffIdOf(route.query.classId)
  const list = usePagedList<RosterStudent>(
    (page, size, options) => education.schoolRoll.list({ classId: classId ?? 0, page, size }, asStaff(options)),
    String(classId),
    staff !== null && classId !== null,
  )
  usePullDownRefresh(() => {
    void list.refresh().finally(() => void Taro.stopPullDownRefresh())
  })
  useReachBottom(() => list.loadMore())
  const className = list.rows[0]?.className

  return (
    <Page title={TITLE}>
      {classId === null ? (
        <EmptyNotice type='page' text='班级不存在' />
      ) : failed ? (
        <RetryLine className='staff-roster-state' onRetry={retry} />
      ) : (
        <View className='staff-roster'>
          <Text className='staff-roster__head'>
            {list.total === undefined ? '' : `${className ? `${className} · ` : ''}共 ${list.total} 名学员`}
          </Text>
          {list.rows.length ? (
            <View className='staff-roster__list'>
              {list.rows.map((s) => (
                <StudentRow key={s.id} student={s} />
              ))}
            </View>
          ) : null}
          <ListFooter list={list} />
        </View>
      )}
    </Page>
  )
}
