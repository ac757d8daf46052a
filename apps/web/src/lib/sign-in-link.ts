/**
 * Equal to SIGN_IN_LINK_FRAGMENT in @nexus/contracts (checked by sign-in-link.test.ts). Not imported
 * from there because this module is part of the entry chunk and contracts/auth.ts pulls in zod.
 */
export const SIGN_IN_FRAGMENT_KEY = "signin";

/** The token of a sign-in link (`…#signin=<token>`), or null when the hash carries none. */
export function readSignInToken(hash: string): string | null {
  if (!hash.includes(`${SIGN_IN_FRAGMENT_KEY}=`)) return null;
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  return params.get(SIGN_IN_FRAGMENT_KEY) ?? "";
}

/**
 * Takes the sign-in token out of the address bar (so it is not bookmarked, shared or left in
 * history) and returns it; null when the URL carries none. An empty string means the link was
 * malformed: completion then reports the general sign-in error.
 */
export function consumeSignInTokenFromUrl(): string | null {
  const { hash, pathname, search } = window.location;
  const token = readSignInToken(hash);
  if (token === null) return null;
  window.history.replaceState(window.history.state, "", `${pathname}${search}`);
  return token;
}
