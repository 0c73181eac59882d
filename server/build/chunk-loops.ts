import type { Plugin } from 'vite';

/** A chunk's file and the chunks it imports statically (Rolldown's `OutputChunk.imports`). */
export interface ChunkImports {
  fileName: string;
  imports: readonly string[];
}

/**
 * The loops among chunks that import each other statically, each as the files around it
 * (`shell.js → saved-search.js → shell.js`); none when the graph has no loop.
 */
export function chunkLoops(chunks: readonly ChunkImports[]): string[][] {
  const imports = new Map(chunks.map((chunk) => [chunk.fileName, chunk.imports] as const));
  const loops: string[][] = [];
  const done = new Set<string>();
  const visit = (file: string, path: string[]) => {
    const at = path.indexOf(file);
    if (at >= 0) {
      loops.push([...path.slice(at), file]);
      return;
    }
    if (done.has(file)) return;
    for (const next of imports.get(file) ?? []) visit(next, [...path, file]);
    done.add(file);
  };
  for (const chunk of chunks) visit(chunk.fileName, []);
  return loops;
}

/**
 * Fails a build whose chunks import each other (issue 37): a manual chunk group that takes a module
 * the shell needs makes the shell import that group's chunk while the chunk imports the shell, and
 * whichever runs first reads the other's exports before they exist — `Cannot read properties of
 * undefined` on the first page load in the browser, and a server that cannot start. Both came from a
 * module left to the `shell` group that imported a module of another group; the build now names the
 * loop instead of shipping it.
 */
export function noChunkLoops(): Plugin {
  return {
    name: 'forecourt:no-chunk-loops',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk' ? [{ fileName: output.fileName, imports: output.imports }] : [],
      );
      const loops = chunkLoops(chunks);
      if (loops.length > 0) {
        this.error(
          `Chunks import each other (move the module that links them into one group, or out of both):\n${loops
            .map((loop) => `  ${loop.join(' → ')}`)
            .join('\n')}`,
        );
      }
    },
  };
}
