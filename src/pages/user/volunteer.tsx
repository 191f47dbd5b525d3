import Page from '../../components/page'
import { routeOf } from '../../routes'

/** pages/user/volunteer: filled in by a later issue; shows its title until then. */
export default function UserVolunteerPage() {
  return <Page title={routeOf('pages/user/volunteer')?.title ?? ''} />
}
