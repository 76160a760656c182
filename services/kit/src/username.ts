/**
 * The one spelling of a username that identifies an account: compatibility forms folded (NFKC, so
 * full-width 'ａｌｉｃｅ' and the ligature 'ﬃ' become plain letters) and lower-cased. Auth stores
 * and looks up accounts by it; the gateway keys sign-in limits on it, so no spelling escapes them.
 */
export function normalizeUsername(username: string): string {
  return username.trim().normalize('NFKC').toLowerCase();
}
