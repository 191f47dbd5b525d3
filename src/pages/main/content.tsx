import Page from '../../components/page'
import { routeOf } from '../../routes'

/** pages/main/content: filled in by a later issue; shows its title until then. */
export default function MainContentPage() {
  return <Page title={routeOf('pages/main/content')?.title ?? ''} />
}
