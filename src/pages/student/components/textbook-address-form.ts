import type { CommitAddressPayload, TextbookRecord } from '../../../api/ems/textbook'
import { only, phoneError, type Errors } from '../../../components/form/checks'
import type { RegionValue } from '../../../components/region-picker/text'

/**
 * 收货地址's checks, made before anything is sent, with the back-office's rules and messages
 * (textbooks.schemas.ts addressFields): 收件人 up to 20 characters, a mainland mobile number,
 * the province and city (the district when the place has one), 详细地址 up to 100 characters.
 * The server checks again and answers what only it knows (the deadline passed, already shipped).
 */
export interface AddressForm {
  receiver: string
  phone: string
  /** null until a place is chosen. */
  region: RegionValue | null
  street: string
}

export type AddressFormField = keyof AddressForm
export const ADDRESS_FORM_FIELDS: readonly AddressFormField[] = ['receiver', 'phone', 'region', 'street']

export const RECEIVER_MAX = 20
export const STREET_MAX = 100
/** Each of the province, city and district. */
const PLACE_MAX = 20

export const ADDRESS_MESSAGES = {
  receiverRequired: '请填写收件人',
  receiverLength: `收件人不能超过${RECEIVER_MAX}个字符`,
  regionRequired: '请选择所在地区',
  regionLength: `所在地区每级不能超过${PLACE_MAX}个字符`,
  streetRequired: '请填写详细地址',
  streetLength: `详细地址不能超过${STREET_MAX}个字符`,
} as const

// Counted as the server counts (zod's max: UTF-16 units).
const length = (text: string) => text.length

/** The form as it opens: my confirmed address, else what the server suggests (my last address, or my name and phone). */
export function addressFormOf(record: Pick<TextbookRecord, 'address' | 'suggested'>): AddressForm {
  const from = record.address ?? record.suggested ?? {}
  return {
    receiver: from.receiver ?? '',
    phone: from.phone ?? '',
    region: from.province && from.city ? { province: from.province, city: from.city, district: from.district ?? '' } : null,
    street: from.street ?? '',
  }
}

export function checkAddress(form: AddressForm): Errors<AddressFormField> {
  const receiver = form.receiver.trim()
  const street = form.street.trim()
  const region = form.region
  return only<AddressFormField>([
    ['receiver', !receiver ? ADDRESS_MESSAGES.receiverRequired : length(receiver) > RECEIVER_MAX ? ADDRESS_MESSAGES.receiverLength : ''],
    ['phone', phoneError(form.phone)],
    [
      'region',
      !region?.province || !region.city
        ? ADDRESS_MESSAGES.regionRequired
        : [region.province, region.city, region.district].some((p) => length(p) > PLACE_MAX)
          ? ADDRESS_MESSAGES.regionLength
          : '',
    ],
    ['street', !street ? ADDRESS_MESSAGES.streetRequired : length(street) > STREET_MAX ? ADDRESS_MESSAGES.streetLength : ''],
  ])
}

/** What is sent for a form that passed its checks: the trimmed fields, the district only when there is one. */
export function addressPayload(id: number, form: AddressForm & { region: RegionValue }): CommitAddressPayload {
  return {
    id,
    receiver: form.receiver.trim(),
    phone: form.phone.trim(),
    province: form.region.province,
    city: form.region.city,
    ...(form.region.district ? { district: form.region.district } : {}),
    street: form.street.trim(),
  }
}
