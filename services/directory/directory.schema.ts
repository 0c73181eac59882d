import { z } from 'zod';

/**
 * A record of the `models` index as the directory search reads it (spec doc 1 §7 "Directory search
 * (makes and models)"); the server's `ModelSearchRecord` holds more.
 */
export const directoryRecordSchema = z.object({
  objectID: z.string().min(1),
  manufacturer: z.object({ name: z.string().min(1), slug: z.string().min(1).optional() }),
  model: z.object({ name: z.string().min(1), slug: z.string().min(1), body: z.array(z.string()) }),
});
/** A parsed `models` record. */
export type DirectoryRecord = z.infer<typeof directoryRecordSchema>;

/** The one result of a directory multi-query. */
export const directoryAnswerSchema = z.object({
  results: z.tuple([z.object({ hits: z.array(directoryRecordSchema) })]),
});
