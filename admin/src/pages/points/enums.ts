/** How the points enumerations look in the console (ProTable valueEnums), for the 积分 screens. */
import {
  GOOD_KINDS,
  GOOD_ORDER_STATUSES,
  GOOD_STATUSES,
  GoodOrderStatus,
  GoodStatus,
  POINTS_APPLICATION_STATUSES,
  POINTS_RECORD_TYPES,
  POINTS_WAY_KINDS,
  PointsApplicationStatus,
  PointsRecordType,
} from '@activity/wire'
import { valueEnum } from '../../components/status'

export const POINTS_WAY_KIND_ENUM = valueEnum(POINTS_WAY_KINDS)
export const POINTS_RECORD_TYPE_ENUM = valueEnum(POINTS_RECORD_TYPES, {
  [PointsRecordType.earn]: { color: 'green' },
  [PointsRecordType.exchange]: { color: 'orange' },
  [PointsRecordType.returned]: { color: 'blue' },
  [PointsRecordType.adjust]: { color: 'purple' },
})
export const POINTS_APPLICATION_STATUS_ENUM = valueEnum(POINTS_APPLICATION_STATUSES, {
  [PointsApplicationStatus.pending]: { status: 'Warning' },
  [PointsApplicationStatus.approved]: { status: 'Success' },
  [PointsApplicationStatus.refused]: { status: 'Error' },
})
export const GOOD_KIND_ENUM = valueEnum(GOOD_KINDS)
export const GOOD_STATUS_ENUM = valueEnum(GOOD_STATUSES, {
  [GoodStatus.listed]: { status: 'Success' },
  [GoodStatus.unlisted]: { status: 'Default' },
})
export const GOOD_ORDER_STATUS_ENUM = valueEnum(GOOD_ORDER_STATUSES, {
  [GoodOrderStatus.toShip]: { status: 'Warning' },
  [GoodOrderStatus.shipped]: { status: 'Processing' },
  [GoodOrderStatus.done]: { status: 'Success' },
  [GoodOrderStatus.cancelled]: { status: 'Default' },
})

/** A signed change: +5 / -3. */
export const signed = (n: number) => (n > 0 ? `+${n}` : String(n))
