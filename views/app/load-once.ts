/**
 * A loader of code split from the page (`import()`) that loads once: every later call gets the same
 * promise, so neither the browser nor the server resolves the module again on each search or page.
 * On the server every `import()`, even of a module loaded long ago, goes through Node's module loader
 * and tsx's resolve hook; a page that searches asked it on every render (issue 38 item 1). A failed
 * load (a dropped connection, a new deployment) is tried again by the next call.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
