import Page from '../../components/page'
import { routeOf } from '../../routes'

/** pages/tabBar/record: filled in by a later issue; shows its title until then. */
export default function TabBarRecordPage() {
  return <Page title={routeOf('pages/tabBar/record')?.title ?? ''} />
}
