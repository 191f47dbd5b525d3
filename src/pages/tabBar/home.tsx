import Page from '../../components/page'
import { routeOf } from '../../routes'

/** pages/tabBar/home: filled in by a later issue; shows its title until then. */
export default function TabBarHomePage() {
  return <Page title={routeOf('pages/tabBar/home')?.title ?? ''} />
}
