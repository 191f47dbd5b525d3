import Page from '../../components/page'
import { routeOf } from '../../routes'

/** pages/user/privacy: filled in by a later issue; shows its title until then. */
export default function UserPrivacyPage() {
  return <Page title={routeOf('pages/user/privacy')?.title ?? ''} />
}
