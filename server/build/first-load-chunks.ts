/**
 * Where the code the pages share goes (issue 38 item 3, decision 138), judged by what imports it
 * statically, directly or through other modules. Each is a group's name function for Rolldown's
 * `codeSplitting` (`vite.config.ts`); `null` leaves a module to the next group.
 * - `shell`: what the entry imports, and what two or more of the `firstPages` (the routes shoppers
 *   land on: home, the listing, a car) import — every route loads it;
 * - `firstPage` (`vehicle-shared`, …): what one first page shares with its parts that load later or
 *   with other pages — that first route loads it, the other two do not;
 * - `pages`: what only other pages share (the form pages' rules, the emailed links' confirmation),
 *   beside the shell on those pages only.
 * The shell never imports the others: whatever a module reached from the entry imports is reached
 * from it too, and what two first pages import is imported by each of them.
 */

/** What Rolldown's chunking context tells of a module (the part used here). */
interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[]; isEntry: boolean } | null;
}

/** Who imports a module: an entry, and which of the first pages. */
interface Reach {
  entry: boolean;
  /** The indices in `firstPages` of those that import it. */
  firstPages: number[];
}

export function firstLoadChunks(
  firstPages: ReadonlyArray<{ name: string; page: RegExp }>,
  {
    everyRoute,
  }: {
    /**
     * Helpers so small and so widely used that the shell carries them: left to a first page's chunk,
     * every other page that uses one loads that whole chunk for it.
     */
    everyRoute?: RegExp;
  } = {},
) {
  // One answer per module and chunking pass (a build makes the browser's and the server's).
  const passes = new WeakMap<ModuleGraph, Map<string, Reach>>();
  const reachOf = (id: string, graph: ModuleGraph): Reach => {
    let known = passes.get(graph);
    if (!known) {
      known = new Map();
      passes.set(graph, known);
    }
    const cached = known.get(id);
    if (cached) return cached;
    const reach = walkImporters(id, graph, firstPages);
    known.set(id, reach);
    return reach;
  };
  return {
    /** The shell's group: what the entry or two first pages import. */
    shell: (id: string, graph: ModuleGraph): string | null => {
      if (everyRoute?.test(id)) return 'shell';
      const { entry, firstPages: pages } = reachOf(id, graph);
      return entry || pages.length >= 2 ? 'shell' : null;
    },
    /**
     * What one first page shares with its parts that load later or with other pages: a chunk named
     * after it (`vehicle-shared`), which only that first route loads at once.
     */
    firstPage: (id: string, graph: ModuleGraph): string | null => {
      if (everyRoute?.test(id)) return null;
      const { entry, firstPages: pages } = reachOf(id, graph);
      const [only] = pages;
      return !entry && pages.length === 1 && only !== undefined ? `${firstPages[only]?.name}-shared` : null;
    },
    /** The other pages' group: what neither the entry nor any first page imports. */
    pages: (id: string, graph: ModuleGraph): string | null => {
      if (everyRoute?.test(id)) return null;
      const { entry, firstPages: pages } = reachOf(id, graph);
      return !entry && pages.length === 0 ? 'pages' : null;
    },
  };
}

/** Walks a module's static importers up (breadth first) to the entries and first pages above it. */
function walkImporters(
  id: string,
  graph: ModuleGraph,
  firstPages: ReadonlyArray<{ name: string; page: RegExp }>,
): Reach {
  const seen = new Set([id]);
  const queue = [id];
  const pagesFound = new Set<number>();
  let entry = false;
  while (queue.length > 0 && !entry) {
    const current = queue.shift() as string;
    const info = graph.getModuleInfo(current);
    if (!info) continue;
    if (info.isEntry) entry = true;
    firstPages.forEach(({ page }, index) => {
      if (page.test(current)) pagesFound.add(index);
    });
    for (const importer of info.importers) {
      if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  return { entry, firstPages: [...pagesFound] };
}
