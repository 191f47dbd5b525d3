import Page from '../../components/page'
import { routeOf } from '../../routes'

/** pages/jump/index: filled in by a later issue; shows its title until then. */
export default function JumpIndexPage() {
  return <Page title={routeOf('pages/jump/index')?.title ?? ''} />
}
