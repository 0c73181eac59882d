import { z } from 'zod/mini';

/** The largest id the store's `integer` columns hold (PostgreSQL's int4). */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * A row id as a request names it (a car, a saved search): a positive whole number the store can
 * hold. Beyond int4 PostgreSQL refuses the query, which answered 500 for a `car_id` of 2^40
 * (issue 31 item 8); here it is a 4xx naming the field. A function, as `zod/mini` schemas that carry
 * messages are built where they are used.
 */
export const rowIdSchema = () =>
  z
    .int('Must be a whole number')
    .check(z.positive('Must be a positive whole number'), z.maximum(MAX_ROW_ID, 'Must be a known id'));
