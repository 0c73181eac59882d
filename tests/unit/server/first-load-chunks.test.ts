import { describe, expect, it } from 'vitest';
import { firstLoadChunks } from '../../../server/build/first-load-chunks.ts';

/**
 * Which shared chunk a module goes to (decision 138): a route shoppers land on downloads only what the
 * entry, or it and another landing route, use — never what only other pages or its own later parts do.
 */
const IMPORTERS: Record<string, string[]> = {
  '/app/index.html': [],
  '/app/views/app/entry-client.tsx': ['/app/index.html'],
  '/app/views/app/wiring.ts': ['/app/views/app/entry-client.tsx'],
  '/app/domain/car.ts': ['/app/views/app/wiring.ts', '/app/views/forms/contact.tsx'],
  // Pages are imported only dynamically (the route table), so none of them has a static importer.
  '/app/views/home/home-page.tsx': [],
  '/app/views/search/search-page.tsx': [],
  '/app/views/vehicle/vehicle-page.tsx': [],
  '/app/views/forms/contact.tsx': [],
  '/app/views/forms/careers.tsx': [],
  '/app/views/vehicle/detail-tabs.tsx': [],
  '/app/views/ui/car-card.tsx': ['/app/views/home/home-page.tsx', '/app/views/search/search-page.tsx'],
  '/app/domain/format.ts': ['/app/views/ui/car-card.tsx'],
  '/app/domain/spec-rows.ts': ['/app/views/vehicle/vehicle-page.tsx', '/app/views/vehicle/detail-tabs.tsx'],
  '/app/domain/field-errors.ts': ['/app/views/forms/contact.tsx', '/app/views/forms/careers.tsx'],
  '/app/machines/shared/refusal.ts': ['/app/views/search/search-page.tsx', '/app/views/forms/contact.tsx'],
};

const graph = {
  getModuleInfo: (id: string) =>
    id in IMPORTERS ? { importers: IMPORTERS[id] ?? [], isEntry: id.endsWith('index.html') } : null,
};

const chunks = firstLoadChunks(
  [
    { name: 'home', page: /home-page\.tsx$/ },
    { name: 'search', page: /search-page\.tsx$/ },
    { name: 'vehicle', page: /vehicle-page\.tsx$/ },
  ],
  { everyRoute: /refusal\.ts$/ },
);

/** The group that takes a module: the first, by priority as in `vite.config.ts`, that names it. */
const chunkOf = (id: string) =>
  chunks.pages(id, graph) ?? chunks.firstPage(id, graph) ?? chunks.shell(id, graph) ?? 'left to its page';

describe('the shared chunks of the first load', () => {
  it('the shell: what the entry imports, and what two landing routes share', () => {
    expect(chunkOf('/app/domain/car.ts')).toBe('shell');
    expect(chunkOf('/app/views/ui/car-card.tsx')).toBe('shell');
    expect(chunkOf('/app/domain/format.ts')).toBe('shell');
  });

  it('what one landing route shares with its later parts travels in its own chunk', () => {
    expect(chunkOf('/app/domain/spec-rows.ts')).toBe('vehicle-shared');
  });

  it('what only other pages share stays out of every landing route', () => {
    expect(chunkOf('/app/domain/field-errors.ts')).toBe('pages');
  });

  it('a helper named for every route goes in the shell, though one landing route and other pages share it', () => {
    expect(chunkOf('/app/machines/shared/refusal.ts')).toBe('shell');
  });
});
