import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { BatchOperation } from './engine/batch.ts';
import { SearchHttpError } from './engine/errors.ts';
import type { SearchIndexRegistry } from './engine/registry.ts';
import type { IndexSettings } from './engine/types.ts';
import { MAX_WRITE_BODY, readJsonArrayBody, readJsonBody } from './http/body.ts';
import { validate } from './params.ts';
import type { SearchEnv } from './search-env.ts';

const names = z.array(z.string());
const settingsSchema = z
  .object({
    searchableAttributes: names,
    attributesForFaceting: names,
    customRanking: names,
    ranking: names,
    replicas: names,
    paginationLimitedTo: z.number().int().min(0).max(20_000),
    hitsPerPage: z.number().int().min(1).max(1000),
    maxValuesPerFacet: z.number().int().min(1).max(1000),
    attributesToRetrieve: names,
    attributesToHighlight: names,
    unretrievableAttributes: names,
    highlightPreTag: z.string(),
    highlightPostTag: z.string(),
  })
  .partial()
  .catchall(z.unknown());

const objectBody = z.record(z.string(), z.unknown());
const batchSchema = z.object({
  requests: z
    .array(
      z.discriminatedUnion('action', [
        z.object({
          action: z.enum(['addObject', 'updateObject', 'partialUpdateObject', 'partialUpdateObjectNoCreate']),
          body: objectBody,
        }),
        z.object({ action: z.literal('deleteObject'), body: z.object({ objectID: z.string().min(1) }) }),
        z.object({ action: z.enum(['clear', 'delete']), body: z.unknown().optional() }),
      ]),
    )
    .max(100_000),
});
const operationSchema = z.object({
  operation: z.enum(['copy', 'move']),
  destination: z.string().min(1),
  scope: z.array(z.enum(['settings', 'synonyms', 'rules'])).optional(),
});

const synonymsSchema = z
  .array(
    z
      .object({
        objectID: z.string().min(1),
        type: z.enum(['synonym', 'onewaysynonym', 'altcorrection1', 'altcorrection2', 'placeholder']),
        synonyms: z.array(z.string().min(1)).max(100).optional(),
        input: z.string().optional(),
      })
      .catchall(z.unknown()),
  )
  .max(10_000);

const requireAdmin = (c: Context<SearchEnv>): void => {
  if (c.get('access').acl !== 'admin') throw new SearchHttpError(403, 'Method not allowed with this API key');
};

const now = () => new Date().toISOString();

/**
 * The admin-key writes `algoliasearch` makes for `setSettings`, `saveObjects`, `replaceAllObjects`
 * and `waitForTask`. Writes apply synchronously, so every task is `published` at once.
 */
export function registerWriteRoutes(app: Hono<SearchEnv>, registry: SearchIndexRegistry): void {
  app.get('/1/indexes/:index/settings', (c) => {
    requireAdmin(c);
    return c.json(registry.getSettings(c.req.param('index')));
  });

  app.put('/1/indexes/:index/settings', async (c) => {
    requireAdmin(c);
    const settings = validate(settingsSchema, await readJsonBody(c, MAX_WRITE_BODY)) as IndexSettings;
    registry.setSettings(c.req.param('index'), settings, {
      forwardToReplicas: c.req.query('forwardToReplicas') === 'true',
    });
    return c.json({ taskID: registry.nextTask(), updatedAt: now() });
  });

  app.post('/1/indexes/:index/batch', async (c) => {
    requireAdmin(c);
    const body = validate(batchSchema, await readJsonBody(c, MAX_WRITE_BODY));
    const objectIDs = registry.applyBatch(c.req.param('index'), body.requests as BatchOperation[]);
    return c.json({ taskID: registry.nextTask(), objectIDs });
  });

  // `saveSynonyms` and `searchSynonyms` (kept and answered back: decision 129).
  app.post('/1/indexes/:index/synonyms/batch', async (c) => {
    requireAdmin(c);
    const hits = validate(synonymsSchema, await readJsonArrayBody(c, MAX_WRITE_BODY));
    registry.saveSynonyms(c.req.param('index'), hits, {
      replace: c.req.query('replaceExistingSynonyms') === 'true',
      forwardToReplicas: c.req.query('forwardToReplicas') === 'true',
    });
    return c.json({ taskID: registry.nextTask(), updatedAt: now() });
  });

  app.post('/1/indexes/:index/synonyms/search', (c) => {
    requireAdmin(c);
    const hits = registry.synonyms(c.req.param('index'));
    return c.json({ hits, nbHits: hits.length });
  });

  app.post('/1/indexes/:index/operation', async (c) => {
    requireAdmin(c);
    const body = validate(operationSchema, await readJsonBody(c, MAX_WRITE_BODY));
    if (body.operation === 'copy') registry.copy(c.req.param('index'), body.destination, body.scope);
    else registry.move(c.req.param('index'), body.destination);
    return c.json({ taskID: registry.nextTask(), updatedAt: now() });
  });

  app.post('/1/indexes/:index/clear', (c) => {
    requireAdmin(c);
    registry.clear(c.req.param('index'));
    return c.json({ taskID: registry.nextTask(), updatedAt: now() });
  });

  app.delete('/1/indexes/:index', (c) => {
    requireAdmin(c);
    registry.deleteIndex(c.req.param('index'));
    return c.json({ taskID: registry.nextTask(), deletedAt: now() });
  });

  app.get('/1/indexes/:index/task/:taskID', (c) => {
    requireAdmin(c);
    if (!/^\d+$/.test(c.req.param('taskID'))) throw new SearchHttpError(400, 'Invalid taskID');
    return c.json({ status: 'published', pendingTask: false });
  });
}
