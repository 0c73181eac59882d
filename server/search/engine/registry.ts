import { applyOperations, type BatchOperation } from './batch.ts';
import { badRequest, indexNotFound } from './errors.ts';
import { runFacetSearch } from './facet-search.ts';
import { type BuildStats, IndexData } from './index-data.ts';
import { type IndexView, type QueryContext, runSearch } from './search.ts';
import { rankingPlan } from './settings.ts';
import type {
  FacetSearchResponse,
  IndexSettings,
  SearchParams,
  SearchRecord,
  SearchResponse,
} from './types.ts';

interface StoredIndex {
  settings: IndexSettings;
  records: Map<string, SearchRecord>;
  data: IndexData | null;
  /** The last build, kept until the next one so it can lend its vocabulary. */
  previous?: IndexData;
  /** Synonym objects by objectID (Algolia's `saveSynonyms`). */
  synonyms?: Map<string, SynonymObject>;
}

/**
 * One of Algolia's synonym objects. The endpoint keeps them and answers them back; the engine matches
 * a car's synonyms through its record's `keywords` (decision 129), so they do not change its results.
 */
export type SynonymObject = { objectID: string; type: string } & { [field: string]: unknown };

const SETTINGS_NOT_COPIED = new Set(['replicas', 'primary']);

/**
 * The named indices of the embedded endpoint. A primary holds records; a replica (`primary` set)
 * shows its primary's records with its own ranking. Writes mark the primary stale and the next
 * search rebuilds it; `replaceAll`/`upsert`/`remove` rebuild at once, so the store's import pays the
 * cost rather than the first visitor.
 */
export class SearchIndexRegistry {
  private readonly indices = new Map<string, StoredIndex>();
  private lastTask = 0;

  /** A new task id (writes apply synchronously, so every task is already `published`). */
  nextTask(): number {
    this.lastTask += 1;
    return this.lastTask;
  }

  has(name: string): boolean {
    return this.indices.has(name);
  }

  names(): string[] {
    return [...this.indices.keys()];
  }

  private stored(name: string): StoredIndex {
    const index = this.indices.get(name);
    if (!index) throw indexNotFound(name);
    return index;
  }

  private ensure(name: string): StoredIndex {
    let index = this.indices.get(name);
    if (!index) {
      index = { settings: {}, records: new Map(), data: null };
      this.indices.set(name, index);
    }
    return index;
  }

  private primaryOf(name: string): StoredIndex {
    const index = this.stored(name);
    return index.settings.primary ? this.stored(index.settings.primary) : index;
  }

  private writable(name: string): StoredIndex {
    const index = this.ensure(name);
    if (index.settings.primary)
      throw badRequest(`Index ${name} is a replica of ${index.settings.primary}: write to the primary`);
    return index;
  }

  /** The settings of an index as last set. */
  getSettings(name: string): IndexSettings {
    return structuredClone(this.stored(name).settings);
  }

  /** Sets (merges) settings, creating the index; `replicas` creates or links replica indices. */
  setSettings(name: string, settings: IndexSettings, options: { forwardToReplicas?: boolean } = {}): void {
    const index = this.ensure(name);
    const { primary: _ignored, ...incoming } = settings;
    const before = index.settings.replicas ?? [];
    index.settings = { ...index.settings, ...incoming };
    index.data = null;
    for (const replica of index.settings.replicas ?? []) {
      const target = this.ensure(replica);
      target.settings = { ...target.settings, primary: name };
      target.records.clear();
      target.data = null;
    }
    for (const removed of before.filter((r) => !(index.settings.replicas ?? []).includes(r))) {
      const detached = this.indices.get(removed);
      if (detached)
        detached.settings = Object.fromEntries(
          Object.entries(detached.settings).filter(([k]) => k !== 'primary'),
        );
    }
    if (options.forwardToReplicas) {
      const forwarded = Object.fromEntries(
        Object.entries(incoming).filter(([k]) => !SETTINGS_NOT_COPIED.has(k)),
      );
      for (const replica of index.settings.replicas ?? [])
        this.ensure(replica).settings = { ...this.ensure(replica).settings, ...forwarded };
    }
  }

  /** Saves synonym objects (replacing every earlier one with `replace`), on the replicas too if asked. */
  saveSynonyms(
    name: string,
    hits: readonly SynonymObject[],
    options: { replace?: boolean; forwardToReplicas?: boolean } = {},
  ): void {
    const index = this.ensure(name);
    const targets = [
      index,
      ...(options.forwardToReplicas ? (index.settings.replicas ?? []).map((r) => this.ensure(r)) : []),
    ];
    for (const target of targets) {
      const kept = options.replace ? new Map<string, SynonymObject>() : new Map(target.synonyms);
      for (const hit of hits) kept.set(hit.objectID, structuredClone(hit));
      target.synonyms = kept;
    }
  }

  /** The synonym objects of an index, in objectID order. */
  synonyms(name: string): SynonymObject[] {
    const index = this.stored(name);
    return [...(index.synonyms?.values() ?? [])].sort((a, b) => a.objectID.localeCompare(b.objectID));
  }

  /** Builds a primary's data if a write made it stale, plus the orderings of it and its replicas. */
  warm(name: string): BuildStats {
    const primary = this.primaryOf(name);
    if (!primary.data) {
      primary.data = new IndexData([...primary.records.values()], primary.settings, primary.previous);
      primary.previous = primary.data;
    }
    for (const viewName of [name, ...(primary.settings.replicas ?? [])]) {
      if (this.indices.has(viewName)) primary.data.ordering(rankingPlan(this.effectiveSettings(viewName)));
    }
    return primary.data.stats;
  }

  /** Replaces every record of an index and rebuilds it now. */
  replaceAll(name: string, records: readonly SearchRecord[]): BuildStats {
    const index = this.writable(name);
    index.records = new Map(records.map((r) => [r.objectID, r]));
    index.data = null;
    return this.warm(name);
  }

  /** Adds or replaces records by objectID and rebuilds now. */
  upsert(name: string, records: readonly SearchRecord[]): BuildStats {
    const index = this.writable(name);
    for (const record of records) index.records.set(record.objectID, record);
    index.data = null;
    return this.warm(name);
  }

  /** Deletes records by objectID and rebuilds now. */
  remove(name: string, objectIDs: readonly string[]): BuildStats {
    const index = this.writable(name);
    for (const id of objectIDs) index.records.delete(id);
    index.data = null;
    return this.warm(name);
  }

  /** Applies an Algolia `batch`; the rebuild happens on the next search. Returns the objectIDs written. */
  applyBatch(name: string, operations: readonly BatchOperation[]): string[] {
    const index = this.writable(name);
    index.data = null;
    return applyOperations(index.records, operations);
  }

  /** Empties an index, keeping its settings. */
  clear(name: string): void {
    const index = this.writable(name);
    index.records.clear();
    index.data = null;
  }

  /** Algolia's `copy`: records and settings, or only the scopes listed (`settings`; rules/synonyms are no-ops). */
  copy(source: string, destination: string, scope?: readonly string[]): void {
    const from = this.indices.get(source) ?? { settings: {}, records: new Map(), data: null };
    const to = this.writable(destination);
    if (!scope || scope.includes('settings')) {
      to.settings = Object.fromEntries(
        Object.entries(from.settings).filter(([k]) => !SETTINGS_NOT_COPIED.has(k)),
      );
    }
    if (!scope) to.records = new Map(this.primaryOf(source).records);
    to.data = null;
  }

  /** Algolia's `move`: the destination takes the source's records and settings, keeping its own replicas. */
  move(source: string, destination: string): void {
    const from = this.stored(source);
    if (from.settings.primary) throw badRequest(`Index ${source} is a replica: cannot move it`);
    const to = this.ensure(destination);
    if (to.settings.primary) throw badRequest(`Index ${destination} is a replica: cannot move onto it`);
    const replicas = to.settings.replicas;
    to.settings = {
      ...Object.fromEntries(Object.entries(from.settings).filter(([k]) => !SETTINGS_NOT_COPIED.has(k))),
    };
    if (replicas) to.settings.replicas = replicas;
    to.records = from.records;
    to.data = null;
    this.indices.delete(source);
  }

  /** Deletes an index; its replicas become empty standalone indices. */
  deleteIndex(name: string): void {
    const index = this.stored(name);
    for (const replica of index.settings.replicas ?? []) {
      const r = this.indices.get(replica);
      if (r) r.settings = Object.fromEntries(Object.entries(r.settings).filter(([k]) => k !== 'primary'));
    }
    if (index.settings.primary) {
      const primary = this.indices.get(index.settings.primary);
      if (primary) primary.settings.replicas = (primary.settings.replicas ?? []).filter((r) => r !== name);
    }
    this.indices.delete(name);
  }

  private effectiveSettings(name: string): IndexSettings {
    const index = this.stored(name);
    if (!index.settings.primary) return index.settings;
    const { replicas: _r, ...inherited } = this.stored(index.settings.primary).settings;
    return { ...inherited, ...index.settings };
  }

  /** The searchable view of an index (404 if it does not exist). */
  view(name: string): IndexView {
    this.warm(name);
    const settings = this.effectiveSettings(name);
    return { name, data: this.primaryOf(name).data as IndexData, settings, plan: rankingPlan(settings) };
  }

  /** One search. */
  search(name: string, params: SearchParams, context: QueryContext = {}): SearchResponse {
    return runSearch(this.view(name), params, context);
  }

  /** One facet value search. */
  searchForFacetValues(
    name: string,
    facet: string,
    params: SearchParams,
    context: QueryContext = {},
  ): FacetSearchResponse {
    return runFacetSearch(this.view(name), facet, params, context);
  }

  /** How many records an index shows (its primary's). */
  count(name: string): number {
    return this.primaryOf(name).records.size;
  }
}
