import Page from '../../components/page'
import { routeOf } from '../../routes'

/** pages/activity/detail: filled in by a later issue; shows its title until then. */
export default function ActivityDetailPage() {
  return <Page title={routeOf('pages/activity/detail')?.title ?? ''} />
}
