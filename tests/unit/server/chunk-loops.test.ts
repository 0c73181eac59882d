import { describe, expect, it } from 'vitest';
import { chunkLoops } from '../../../server/build/chunk-loops.ts';

/**
 * The build refuses chunks that import each other (issue 37: an empty listing's suggestions, left to
 * the shell, made the shell and the saved-search chunk import each other, and neither the browser's
 * first load nor the server's start got past it).
 */
describe('chunk loops', () => {
  it('names a loop of two chunks and one through a third', () => {
    const loops = chunkLoops([
      { fileName: 'shell.js', imports: ['saved-search.js'] },
      { fileName: 'saved-search.js', imports: ['shell.js', 'listing.js'] },
      { fileName: 'listing.js', imports: ['shell.js'] },
      { fileName: 'search-page.js', imports: ['shell.js', 'listing.js'] },
    ]);
    expect(loops).toContainEqual(['shell.js', 'saved-search.js', 'shell.js']);
    expect(loops).toContainEqual(['shell.js', 'saved-search.js', 'listing.js', 'shell.js']);
  });

  it('finds none where imports only point one way, however often a chunk is shared', () => {
    expect(
      chunkLoops([
        { fileName: 'entry.js', imports: ['framework.js', 'shell.js'] },
        { fileName: 'shell.js', imports: ['framework.js'] },
        { fileName: 'search-page.js', imports: ['shell.js', 'listing.js', 'framework.js'] },
        { fileName: 'listing.js', imports: ['shell.js'] },
        { fileName: 'framework.js', imports: [] },
      ]),
    ).toEqual([]);
  });
});
