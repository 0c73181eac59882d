import type { Snapshot } from 'xstate';
import type { PublicSite } from '../../tenants/public-site.ts';

/** The id of the `<script type="application/json">` block the server embeds in every page. */
export const BOOT_ELEMENT_ID = 'forecourt-boot';

/** What the server hands the browser: the site's public config and the settled page actor. */
export interface BootData {
  site: PublicSite;
  page: {
    /** The page definition's id (see `views/app/pages.ts`). */
    id: string;
    /** The path and search the snapshot belongs to. */
    url: string;
    snapshot: Snapshot<unknown> | null;
  };
  /**
   * Whether the request carried a live session: the header and the save buttons render from it on
   * the server and while hydrating, until the app's watchlist has loaded (absent: not signed in).
   */
  signedIn?: boolean;
}

/**
 * Serialises boot data for a JSON script block: `<`, `>`, `&`, U+2028 and U+2029 are escaped so no
 * dealer or shopper text can close the block or break the script.
 */
export function serialiseBoot(data: BootData): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Reads the boot block the server embedded, or throws if the page has none. */
export function readBoot(doc: Document): BootData {
  const element = doc.getElementById(BOOT_ELEMENT_ID);
  if (!element?.textContent) throw new Error(`The page has no #${BOOT_ELEMENT_ID} block`);
  return JSON.parse(element.textContent) as BootData;
}
