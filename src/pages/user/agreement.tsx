import SiteDocument from './components/site-document'

/** pages/user/agreement (用户协议): the partner agreement, site content `agreement`. */
export default function UserAgreementPage() {
  return <SiteDocument path='pages/user/agreement' contentKey='agreement' />
}
