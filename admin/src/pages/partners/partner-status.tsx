/** How the console names a partner. (A partner's status looks as PARTNER_STATUS_ENUM in components/status.tsx says.) */

/** The name an operator knows a partner by: the real name, else the nickname, else the phone. */
export function partnerName(p: { personal: { realName: string | null }; nickname: string | null; phone: string }): string {
  return p.personal.realName || p.nickname || p.phone
}
