import Page from '../../components/page'
import { routeOf } from '../../routes'

/** pages/main/web: filled in by a later issue; shows its title until then. */
export default function MainWebPage() {
  return <Page title={routeOf('pages/main/web')?.title ?? ''} />
}
