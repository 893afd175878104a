/**
 * One mailbox, many spellings: `Na.Me+tag@Gmail.com`, `name@googlemail.com` and `name@gmail.com`
 * reach one inbox. The key is lower case, without a +tag, and for Gmail (googlemail.com is the same
 * service) without dots in the name. The same rule as the database's `mailbox_key` (codes' "once
 * per person", supabase/migrations/20261126000100_code_use_limits.sql); a test keeps them equal.
 */
export function mailboxKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at === -1) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  // name+tag@ reaches name@ (a name that is only a tag is kept).
  local = local.split('+')[0] || local;
  if (domain === 'gmail.com' || domain === 'googlemail.com') {
    local = local.replaceAll('.', '') || local;
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/** True when both addresses reach the same inbox. */
export function sameMailbox(a: string, b: string): boolean {
  return mailboxKey(a) === mailboxKey(b);
}
