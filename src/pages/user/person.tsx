import Page from '../../components/page'
import { routeOf } from '../../routes'

/** pages/user/person: filled in by a later issue; shows its title until then. */
export default function UserPersonPage() {
  return <Page title={routeOf('pages/user/person')?.title ?? ''} />
}
