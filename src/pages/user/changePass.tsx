import Page from '../../components/page'
import { routeOf } from '../../routes'

/** pages/user/changePass: filled in by a later issue; shows its title until then. */
export default function UserChangePassPage() {
  return <Page title={routeOf('pages/user/changePass')?.title ?? ''} />
}
