import { escapeHtml } from '../html.ts';
/**
 * The page for a host no dealer site is served at. Plain HTML with no dealer's name, theme or data,
 * so an unknown host never shows another dealer's site.
 */
export function siteNotFoundPage(host: string): string {
  return `<!doctype html>
<html lang="en-AU">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>Site not found</title>
  </head>
  <body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem; color: #1a1a1a">
    <main>
      <h1>Site not found</h1>
      <p>There is no dealer website at <strong>${escapeHtml(host || 'this address')}</strong>.</p>
      <p>Check the address, or contact the dealer for their website link.</p>
    </main>
  </body>
</html>
`;
}
