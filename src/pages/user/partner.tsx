import Page from '../../components/page'
import { routeOf } from '../../routes'

/** pages/user/partner: filled in by a later issue; shows its title until then. */
export default function UserPartnerPage() {
  return <Page title={routeOf('pages/user/partner')?.title ?? ''} />
}
