/**
 * Same-site return paths for `/sign-in?type=…&redirect=…&back=…` (`locations-forms-tradein-site.md` §2
 * Routes; `search-detail-finance-watchlist.md` §2 Routes). `redirect` and `back` come from the URL, so
 * anyone can craft them: only a path on this site is followed, never another origin (no open redirect).
 */

/** Where a rejected or missing return path goes. */
export const FALLBACK_RETURN_PATH = '/';

/** The sign-in route itself. */
export const SIGN_IN_PATH = '/sign-in';
/** "Forgot password?": the form that emails a link to choose a new password (issue 31 item 2). */
export const FORGOT_PASSWORD_PATH = '/sign-in/forgot-password';
/** The page an emailed account link opens, where the password is chosen (decision 104). */
export const SET_PASSWORD_PATH = '/sign-in/set-password';

const MAX_RETURN_PATH = 2000;
const PROBE_ORIGIN = 'https://return-path.invalid';

/**
 * `value` when it is a path on this site (`/cars/x?y=1#z`), else `fallback`. Refused: anything not
 * starting with one `/` (`https://…`, `//evil.com`, `/\evil`, `javascript:`), backslashes, whitespace
 * and control characters (browsers drop tabs and newlines, so `/\t/evil.com` would become
 * `//evil.com`), over-long values, and the sign-in route itself (it would loop).
 */
export function safeReturnPath(value: string | null | undefined, fallback = FALLBACK_RETURN_PATH): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_RETURN_PATH) return fallback;
  if (!value.startsWith('/') || value.startsWith('//')) return fallback;
  if (value.includes('\\') || /\s/.test(value) || hasControlCharacter(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  if (url.pathname === SIGN_IN_PATH || url.pathname.startsWith(`${SIGN_IN_PATH}/`)) return fallback;
  return value;
}

function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** The parameters of a sign-in link. */
export interface SignInLink {
  /** Why the shopper signs in (`watchlist`, `checkout`, `finance`, `trade-in`); none from the header. */
  type?: string;
  /** Where to land after signing in. */
  redirect: string;
  /** Where to return without signing in. */
  back: string;
}

/** `/sign-in?type=…&redirect=…&back=…` (no `type` when none is given), both paths made safe and encoded. */
export function signInPath(link: SignInLink): string {
  return accountPath(SIGN_IN_PATH, link);
}

/** An account page (`/sign-in/forgot-password`…) with the sign-in page's parameters, made as `signInPath` makes them. */
export function accountPath(path: string, { type, redirect, back }: SignInLink): string {
  const params = new URLSearchParams({
    ...(type ? { type } : {}),
    redirect: safeReturnPath(redirect),
    back: safeReturnPath(back),
  });
  return `${path}?${params.toString()}`;
}
