/**
 * Vite puts this placeholder as the nonce of every tag it injects (`html.cspNonce`); the server swaps
 * in a fresh nonce per request, so the Content-Security-Policy can forbid inline scripts.
 */
export const CSP_NONCE_PLACEHOLDER = '__FORECOURT_CSP_NONCE__';
