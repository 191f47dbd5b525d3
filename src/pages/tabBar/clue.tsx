import Page from '../../components/page'
import { routeOf } from '../../routes'

/** pages/tabBar/clue: filled in by a later issue; shows its title until then. */
export default function TabBarCluePage() {
  return <Page title={routeOf('pages/tabBar/clue')?.title ?? ''} />
}
