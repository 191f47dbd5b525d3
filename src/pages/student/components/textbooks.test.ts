import type { TextbookRecord } from '../../../api/ems/textbook'
import { addressPrompt, addressText, bookText, deadlineText, stateTone } from './textbooks'

const mailing: TextbookRecord['mailing'] = { id: 1, title: '2026年春季教材', term: '2026年春季', books: [], addressDeadline: '2026-03-05' }

describe('我的教材 page rules', () => {
  it('says the deadline as people do: 3月5日', () => {
    expect(deadlineText('2026-03-05')).toBe('3月5日')
    expect(deadlineText('2026-12-31')).toBe('12月31日')
  })

  it('asks for the address before its deadline, and after it says it is closed and whom to ask', () => {
    expect(addressPrompt({ editable: true, mailing })).toBe('请在3月5日前确认收货地址')
    expect(addressPrompt({ editable: false, mailing })).toBe('地址确认已截止，如需修改请联系教务处')
  })

  it('writes an address on one line, a municipality once and a missing district left out', () => {
    const address = {
      receiver: '林小雨',
      phone: '13900000000',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      street: '文三路1号',
    }
    expect(addressText(address)).toBe('浙江省 杭州市 西湖区 文三路1号')
    expect(addressText({ ...address, province: '北京市', city: '北京市', district: null, street: '长安街1号' })).toBe('北京市 长安街1号')
  })

  it('colours a record to confirm orange, one confirmed or on its way blue, signed for green and received grey', () => {
    expect(['待确认', '已确认', '已发货', '已签收', '已收货'].map((s) => stateTone(s as TextbookRecord['state']))).toEqual([
      'orange',
      'blue',
      'blue',
      'green',
      'grey',
    ])
    expect(bookText({ title: '管理学原理', isbn: null, quantity: 2 })).toBe('管理学原理 ×2')
  })
})
