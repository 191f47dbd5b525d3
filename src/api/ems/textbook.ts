import type { ApiBody, ApiData, ApiItem } from '@activity/api-types'
import { call, defineFamily, type NoPayload } from '../define'

// The student's 我的教材 (issue 44, textbooks by mail): each mailing of theirs with the address they
// confirm and the parcel that carries it. Days are yyyy-MM-dd (Beijing), times ISO text. The types
// are the back-office's own (@activity/api-types, `npm run api:types`).

type RecordCall<N extends string> = `/api/ems/textbook/record/${N}`

/** 我的教材: my mailings, newest first. */
export type TextbookList = ApiData<RecordCall<'listForClient'>, 'get'>

/**
 * One mailing of mine: its books and address deadline, my address (or `suggested`, what the form
 * starts from), whether I may change it now (`editable`), where it stands, and the parcel once shipped.
 */
export type TextbookRecord = ApiItem<RecordCall<'listForClient'>, 'get'>

export type TextbookMailing = TextbookRecord['mailing']

export type TextbookAddress = NonNullable<TextbookRecord['address']>

/** The address form's start when none is confirmed: the last confirmed address, or my name and phone. */
export type SuggestedAddress = NonNullable<TextbookRecord['suggested']>

/** 确认地址 / 修改地址: the record's id and the address (district optional). */
export type CommitAddressPayload = ApiBody<RecordCall<'commitForClient'>, 'put'>

/** A parcel as the list shows it (the points shop's shipped exchanges carry the same). */
export type Parcel = ApiData<RecordCall<'confirmForClient'>, 'put'>

/** A parcel with its timeline, newest first, from the stored tracks. */
export type ParcelDetail = ApiData<RecordCall<'getExpressInfoForClient'>, 'get'>

export type ParcelTrack = ParcelDetail['tracks'][number]

/** A record's id. */
export type RecordRef = ApiBody<RecordCall<'confirmForClient'>, 'put'>

/** /api/ems/textbook: textbook mailing and its records. */
// The office's publish and waybill entry (the console's calls) are PUTs with a form or JSON body on
// the back-office, not the verb rule's POST and a multipart upload.
export const textbook = defineFamily('/api/ems/textbook', {
  mail: { actions: { publish: 'PUT' } },
  record: {
    actions: {
      listForClient: call<NoPayload, TextbookList>(),
      commitForClient: call<CommitAddressPayload, TextbookRecord>('PUT'),
      uploadMailNo: 'PUT',
      getExpressInfoForClient: call<RecordRef, ParcelDetail>('GET'),
      confirmForClient: call<RecordRef, Parcel>('PUT'),
    },
  },
})
