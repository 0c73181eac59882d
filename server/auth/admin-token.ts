import type { MiddlewareHandler } from 'hono';
import { apiError } from '../api/api-error.ts';
import { sameSecret } from '../search/keys.ts';

/**
 * The admin routes' guard (`/api/admin/*`, which the store CLIs call while a server holds the
 * store): `Authorization: Bearer <admin token>`, compared in constant time, else 401.
 */
export function adminOnly(adminToken: string): MiddlewareHandler {
  return async (c, next) => {
    const token = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    if (!token || !sameSecret(token, adminToken)) {
      return apiError(c, 401, 'unauthorized', 'A valid admin token is required');
    }
    await next();
  };
}
