/**
 * How parcels are tracked (GET /api/ems/express/carriers): whether the carrier is the sandbox (the
 * drawer then offers its pushes) and after how many days without a track a parcel is 停滞. Asked
 * once for every screen and drawer of the area; a failure is not kept, so the next one asks again.
 */
import { useEffect, useState } from 'react'
import { parcelsApi, type TrackingInfo } from '../../api/parcels'
import { loadOnce } from '../../components/load-once'

const tracking = loadOnce(() => parcelsApi.tracking())

export function useTracking(): TrackingInfo | undefined {
  const [info, setInfo] = useState(tracking.loaded)
  useEffect(() => {
    if (info) return
    let live = true
    tracking.get().then(
      (answer) => live && setInfo(answer),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [info])
  return info
}
