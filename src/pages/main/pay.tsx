import Page from '../../components/page'
import { routeOf } from '../../routes'

/** pages/main/pay: filled in by a later issue; shows its title until then. */
export default function MainPayPage() {
  return <Page title={routeOf('pages/main/pay')?.title ?? ''} />
}
