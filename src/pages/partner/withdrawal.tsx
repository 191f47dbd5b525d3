import Page from '../../components/page'
import { routeOf } from '../../routes'

/** pages/partner/withdrawal: filled in by a later issue; shows its title until then. */
export default function PartnerWithdrawalPage() {
  return <Page title={routeOf('pages/partner/withdrawal')?.title ?? ''} />
}
