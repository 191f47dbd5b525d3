// The parcels module's face (包裹与物流): what other modules may use.
export { parcelsRoutes } from './parcels.routes.ts'
export { carrierField, parcelDetailSchema, parcelSchema, waybillField } from './parcels.schemas.ts'
export {
  attachParcel,
  confirmParcelReceipt,
  parcelsOfSources,
  parcelWithTracks,
  subscribeParcels,
  toParcel,
  type Parcel,
  type ParcelSourceRef,
} from './parcels.service.ts'
export { parcelsView } from './parcels.views.ts'
