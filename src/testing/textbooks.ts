import type { Parcel, ParcelTrack, TextbookRecord } from '../api/ems/textbook'

/** Test-only: 我的教材's server answers, a record of it, and a shipped parcel (我的教材's or an exchange's). */
export const TEXTBOOKS = 'GET /api/ems/textbook/record/listForClient'
export const COMMIT_ADDRESS = 'PUT /api/ems/textbook/record/commitForClient'
export const TEXTBOOK_EXPRESS = 'GET /api/ems/textbook/record/getExpressInfoForClient'
export const TEXTBOOK_RECEIVED = 'PUT /api/ems/textbook/record/confirmForClient'

export const MY_ADDRESS: NonNullable<TextbookRecord['address']> = {
  receiver: '林小雨',
  phone: '13900000000',
  province: '浙江省',
  city: '杭州市',
  district: '西湖区',
  street: '文三路1号',
}

/** A shipped parcel on its way (顺丰, 在途), not received. */
export function parcelOf(over: Partial<Parcel> = {}): Parcel {
  return {
    id: 5,
    title: '2026年春季教材',
    carrier: 'shunfeng',
    carrierName: '顺丰速运',
    waybillNo: 'SF1234567890',
    state: '在途',
    exception: null,
    shippedAt: '2026-03-01T02:00:00.000Z',
    lastTrackAt: '2026-03-02T06:30:00.000Z',
    lastContext: '快件已到达【杭州转运中心】',
    signedAt: null,
    receivedAt: null,
    ...over,
  }
}

/** Its timeline, newest first. */
export const TRACKS: ParcelTrack[] = [
  { time: '2026-03-02T06:30:00.000Z', context: '快件已到达【杭州转运中心】', status: '在途', areaName: '浙江,杭州市' },
  { time: '2026-03-01T08:00:00.000Z', context: '顺丰速运 已收取快件', status: '揽收', areaName: null },
]

/** 2026年春季教材 for 林小雨, its address to confirm by 03-15 (the server suggests her name and phone). */
export function textbookRecordOf(over: Partial<TextbookRecord> = {}): TextbookRecord {
  return {
    id: 7,
    mailing: {
      id: 2,
      title: '2026年春季教材',
      term: '2026年春季',
      books: [
        { title: '大学英语（二）', isbn: '9787040396638', quantity: 1 },
        { title: '经济法概论', isbn: null, quantity: 2 },
      ],
      addressDeadline: '2026-03-15',
    },
    address: null,
    suggested: { receiver: '林小雨', phone: '13900000000' },
    confirmedAt: null,
    editable: true,
    state: '待确认',
    parcel: null,
    ...over,
  }
}
