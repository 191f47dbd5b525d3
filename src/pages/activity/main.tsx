import Page from '../../components/page'
import { routeOf } from '../../routes'

/** pages/activity/main: filled in by a later issue; shows its title until then. */
export default function ActivityMainPage() {
  return <Page title={routeOf('pages/activity/main')?.title ?? ''} />
}
