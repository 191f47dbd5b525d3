import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

export const createWayNotFoundError = createErrorFactory({ key: 'points.wayNotFound', code: Code.notFound, message: '积分途径不存在' })
export const createWayKindTakenError = createErrorFactory({
  key: 'points.wayKindTaken',
  code: Code.conflict,
  message: '该类型的积分途径已存在',
})
export const createWayInUseError = createErrorFactory({
  key: 'points.wayInUse',
  code: Code.conflict,
  message: '该途径已有积分申请，不能删除，请停用',
})
export const createLevelNotFoundError = createErrorFactory({ key: 'points.levelNotFound', code: Code.notFound, message: '积分等级不存在' })
export const createLevelTakenError = createErrorFactory({
  key: 'points.levelTaken',
  code: Code.conflict,
  message: '已有相同所需积分的等级',
})
export const createCheckedInError = createErrorFactory({ key: 'points.checkedIn', code: Code.conflict, message: '今天已经签到过了' })
export const createWayDisabledError = createErrorFactory({
  key: 'points.wayDisabled',
  code: Code.ruleRefused,
  message: '该积分途径暂未开放',
})
export const createDailyCapError = createErrorFactory({
  key: 'points.dailyCap',
  code: Code.ruleRefused,
  message: '该途径今日次数已用完，请明天再来',
})
export const createNotOfflineWayError = createErrorFactory({
  key: 'points.notOfflineWay',
  code: Code.badRequest,
  message: '只能申请线下活动的积分',
})
export const createNotEnoughPointsError = createErrorFactory({
  key: 'points.notEnough',
  code: Code.ruleRefused,
  message: '积分不足',
})
export const createAdjustBelowZeroError = createErrorFactory({
  key: 'points.adjustBelowZero',
  code: Code.ruleRefused,
  message: '扣减后积分不能小于0',
})
export const createStudentNotFoundError = createErrorFactory({ key: 'points.studentNotFound', code: Code.notFound, message: '学员不存在' })
export const createApplicationNotFoundError = createErrorFactory({
  key: 'points.applicationNotFound',
  code: Code.notFound,
  message: '积分申请不存在',
})
export const createApplicationReviewedError = createErrorFactory({
  key: 'points.applicationReviewed',
  code: Code.conflict,
  message: '该申请已审核',
})
export const createGoodNotFoundError = createErrorFactory({
  key: 'points.goodNotFound',
  code: Code.notFound,
  message: '商品不存在或已下架',
})
export const createGoodInUseError = createErrorFactory({
  key: 'points.goodInUse',
  code: Code.conflict,
  message: '该商品已有兑换订单，不能删除，请下架',
})
export const createVoucherCourseError = createErrorFactory({
  key: 'points.voucherCourse',
  code: Code.badRequest,
  message: '课程券需选择课程，其他商品不能选择课程',
})
export const createCourseNotFoundError = createErrorFactory({
  key: 'points.courseNotFound',
  code: Code.badRequest,
  message: '所选课程不存在',
})
export const createOutOfStockError = createErrorFactory({ key: 'points.outOfStock', code: Code.conflict, message: '库存不足' })
export const createLimitError = createErrorFactory({ key: 'points.limit', code: Code.ruleRefused, message: '超过每人限兑数量' })
export const createAddressMissingError = createErrorFactory({
  key: 'points.addressMissing',
  code: Code.badRequest,
  message: '请填写收货人、手机号和收货地址',
})
export const createCourseOwnedError = createErrorFactory({
  key: 'points.courseOwned',
  code: Code.conflict,
  message: '您已拥有该课程，无需兑换',
})
export const createVoucherQuantityError = createErrorFactory({
  key: 'points.voucherQuantity',
  code: Code.badRequest,
  message: '课程券每次只能兑换1张',
})
export const createOrderNotFoundError = createErrorFactory({ key: 'points.orderNotFound', code: Code.notFound, message: '兑换订单不存在' })
export const createOrderNotCancellableError = createErrorFactory({
  key: 'points.orderNotCancellable',
  code: Code.conflict,
  message: '只有待发货的订单可以取消',
})
export const createOrderNotShippableError = createErrorFactory({
  key: 'points.orderNotShippable',
  code: Code.conflict,
  message: '只有待发货的实物订单可以发货',
})
export const createImageNotFoundError = createErrorFactory({
  key: 'points.imageNotFound',
  code: Code.badRequest,
  message: '图片不存在或已失效，请重新上传',
})
