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
