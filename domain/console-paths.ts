import { safeReturnPath } from './return-path.ts';

/**
 * The dealer console's own addresses (issue 36): the console lives under `/dealer` on each dealer's
 * site; its sign-in and invitation pages are the only ones open signed out.
 */

/** The console's overview, and the prefix of every console page. */
export const CONSOLE_PATH = '/dealer';
/** The console's sign-in page (`?return=` the console page to land on). */
export const CONSOLE_SIGN_IN_PATH = '/dealer/sign-in';
/** The page an emailed invitation opens (`?token=`). */
export const CONSOLE_INVITATION_PATH = '/dealer/invitation';

/** The console pages open signed out. */
export const CONSOLE_PUBLIC_PATHS: readonly string[] = [CONSOLE_SIGN_IN_PATH, CONSOLE_INVITATION_PATH];

/** Whether a path is a console page (`/dealer` or under it), not a storefront page. */
export function isConsolePath(path: string): boolean {
  return path === CONSOLE_PATH || path.startsWith(`${CONSOLE_PATH}/`);
}

/**
 * Where the console's sign-in returns to: `value` when it is a console page other than sign-in and
 * invitation (a same-site path, `safeReturnPath`'s rules), else the overview. Never another origin,
 * never a storefront page.
 */
export function safeConsoleReturn(value: string | null | undefined): string {
  const path = safeReturnPath(value, CONSOLE_PATH);
  const pathname = path.split(/[?#]/)[0] ?? '';
  if (!isConsolePath(pathname)) return CONSOLE_PATH;
  if (pathname === CONSOLE_SIGN_IN_PATH || pathname === CONSOLE_INVITATION_PATH) return CONSOLE_PATH;
  return path;
}

/** `/dealer/sign-in`, with `?return=` when the member is to land anywhere but the overview. */
export function consoleSignInPath(returnTo?: string): string {
  const target = safeConsoleReturn(returnTo);
  return target === CONSOLE_PATH
    ? CONSOLE_SIGN_IN_PATH
    : `${CONSOLE_SIGN_IN_PATH}?return=${encodeURIComponent(target)}`;
}
