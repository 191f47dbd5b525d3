import { GoodKind } from '@activity/wire'
import { addressErrors, canCancel, exchangeBody, exchangeRefusal, levelProgress, maxQuantity, signedPoints, wayToday } from './points-logic'

describe('points on the student side', () => {
  it('shows a change with its sign', () => {
    expect([signedPoints(5), signedPoints(-3)]).toEqual(['+5', '-3'])
  })

  it('places the lifetime points between the level and the next one', () => {
    expect(levelProgress(250, { name: '青铜', minPoints: 0 }, { name: '白银', minPoints: 500 })).toEqual({
      percent: 50,
      hint: '再获得 250 积分升级为「白银」',
    })
    expect(levelProgress(2500, { name: '黄金', minPoints: 2000 }, null)).toEqual({ percent: 100, hint: '已是最高等级' })
    expect(levelProgress(0, null, null).hint).toBe('暂无积分等级')
  })

  it('says how a way stands today against its daily cap', () => {
    expect(wayToday({ dailyCap: 3, doneToday: 1 })).toEqual({ text: '今日 1/3', full: false })
    expect(wayToday({ dailyCap: 1, doneToday: 1 })).toEqual({ text: '今日已完成', full: true })
    expect(wayToday({ dailyCap: 0, doneToday: 0 })).toEqual({ text: '不限次数', full: false })
  })

  const cup = { kind: GoodKind.physical, stock: 5, points: 100, perPersonLimit: 2, exchanged: 1 }
  it('caps the quantity by stock, the per-person limit, the balance, and one voucher', () => {
    expect(maxQuantity(cup, 1000)).toBe(1)
    expect(maxQuantity({ ...cup, perPersonLimit: 0 }, 350)).toBe(3)
    expect(maxQuantity({ ...cup, kind: GoodKind.courseVoucher, perPersonLimit: 0 }, 1000)).toBe(1)
    expect(maxQuantity({ ...cup, stock: 0 }, 1000)).toBe(0)
  })

  it('refuses before asking when stock, the limit or the points say no', () => {
    expect(exchangeRefusal({ ...cup, stock: 0 }, 1000, 1)).toBe('库存不足')
    expect(exchangeRefusal(cup, 1000, 2)).toBe('超过每人限兑数量')
    expect(exchangeRefusal(cup, 99, 1)).toBe('积分不足')
    expect(exchangeRefusal(cup, 100, 1)).toBeNull()
  })

  it('checks the address a shipped good needs', () => {
    expect(addressErrors({ name: '', phone: '123', address: ' ' })).toEqual({
      name: '请填写收货人',
      phone: '手机号格式不正确',
      address: '请填写收货地址',
    })
    expect(addressErrors({ name: '林小雨', phone: '13900000000', address: '杭州市' })).toEqual({})
  })

  it('sends the address as JSON text only for shipped kinds', () => {
    const address = { name: ' 林小雨 ', phone: '13900000000', address: '杭州市西湖区' }
    expect(exchangeBody(3, 1, GoodKind.physical, address)).toEqual({
      goodId: 3,
      quantity: 1,
      address: JSON.stringify({ name: '林小雨', phone: '13900000000', address: '杭州市西湖区' }),
    })
    expect(exchangeBody(4, 1, GoodKind.courseVoucher, address)).toEqual({ goodId: 4, quantity: 1 })
  })

  it('lets an exchange be cancelled only before it ships', () => {
    expect([canCancel({ status: '待发货' }), canCancel({ status: '已发货' }), canCancel({ status: '已完成' })]).toEqual([
      true,
      false,
      false,
    ])
  })
})
