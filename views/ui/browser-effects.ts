import { navigate } from 'wouter/use-browser-location';

/**
 * The browser's effects the wiring files bind to machines: saving a file and alerting. Each is a no-op where there is no browser (server render).
 */

/** Saves a downloaded file under `fileName` (an `<a download>` click on an object URL). */
export function saveFile(file: Blob, fileName: string): void {
  if (typeof document === 'undefined') return;
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The browser's alert (§8 PDF download failure). */
export function alertMessage(message: string): void {
  globalThis.alert?.(message);
}

/** Goes to a path of this site as a link would (a page change without a reload); nothing on the server. */
export function goTo(path: string): void {
  if (typeof window === 'undefined') return;
  navigate(path);
}

/** A path of this site as the address a shopper shares (the page's own origin); the path itself where there is no browser. */
export function absoluteAddress(path: string): string {
  if (typeof document === 'undefined') return path;
  return new URL(path, document.baseURI).href;
}

/**
 * Opens the device's share sheet (the Web Share API) for an address: `shared`, `cancelled` when the
 * shopper closes it, `unsupported` where the browser has none; any other failure is thrown.
 */
export async function shareNatively(share: {
  url: string;
  title: string;
}): Promise<'shared' | 'cancelled' | 'unsupported'> {
  if (typeof navigator === 'undefined' || typeof navigator.share !== 'function') return 'unsupported';
  try {
    await navigator.share({ url: absoluteAddress(share.url), title: share.title });
    return 'shared';
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    throw error;
  }
}

/** Copies an address of this site to the clipboard; throws where the browser refuses. */
export async function copyAddress(path: string): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.clipboard)
    throw new Error('Copying is not available here');
  await navigator.clipboard.writeText(absoluteAddress(path));
}
