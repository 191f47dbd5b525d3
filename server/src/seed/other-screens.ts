import type { Executor } from '../db/types.ts'
import { seedActivitiesDemo } from '../modules/activities/index.ts'
import { seedAdultExamDemo, VOLUNTEER_DEMO } from '../modules/adult-exam/index.ts'
import { seedAppVersionsDemo } from '../modules/app-versions/index.ts'
import { seedOrdersDemo } from '../modules/orders/index.ts'
import { seedSiteContentDemo } from '../modules/site-content/index.ts'

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
