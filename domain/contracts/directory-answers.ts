import { z } from 'zod/mini';

/**
 * A record of the `models` index as the directory search reads it (spec doc 1 §7 "Directory search
 * (makes and models)"); the server's `ModelSearchRecord` holds more.
 */
const text = () => z.string().check(z.minLength(1));

export const directoryRecordSchema = z.object({
  objectID: text(),
  manufacturer: z.object({ name: text(), slug: z.optional(text()) }),
  model: z.object({ name: text(), slug: text(), body: z.array(z.string()) }),
});
/** A parsed `models` record. */
export type DirectoryRecord = z.infer<typeof directoryRecordSchema>;

/** What the directory search box's `searchDirectory` asks the `models` index: the committed text. */
export interface DirectoryQuery {
  query: string;
}

/** The one result of a directory multi-query. */
export const directoryAnswerSchema = z.object({
  results: z.tuple([z.object({ hits: z.array(directoryRecordSchema) })]),
});
