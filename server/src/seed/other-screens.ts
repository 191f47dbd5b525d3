import type { Executor } from '../db/types.ts'
import { seedActivitiesDemo } from '../modules/partner-programme/index.ts'
import { seedAdultExamDemo, VOLUNTEER_DEMO } from '../modules/partner-programme/index.ts'
import { seedAppVersionsDemo } from '../modules/platform/index.ts'
import { seedOrdersDemo } from '../modules/money/index.ts'
import { seedSiteContentDemo } from '../modules/platform/index.ts'

export { VOLUNTEER_DEMO }

/**
 * Demo data of the other screens (activities, contents, pay, app download, volunteer query), run by
 * seedDemo on a fresh database after the partner loop's data (it needs the demo partner).
 */
export async function seedOtherScreensDemo({ db, partnerId }: { db: Executor; partnerId: number }) {
  const activities = await seedActivitiesDemo({ db })
  await seedSiteContentDemo({ db })
  const order = await seedOrdersDemo({ db, partnerId })
  await seedAppVersionsDemo({ db })
  await seedAdultExamDemo({ db })
  return { activities, order }
}
