import Page from '../../components/page'
import { routeOf } from '../../routes'

/** pages/user/agreement: filled in by a later issue; shows its title until then. */
export default function UserAgreementPage() {
  return <Page title={routeOf('pages/user/agreement')?.title ?? ''} />
}
