import { z } from 'zod';

/**
 * A time-limited promotion (`locations-forms-tradein-site.md` §4 "Promotions": shown only between
 * its start and expiry). `dealership_ids` scopes it within its site; empty means every dealership.
 */
export const promotionSchema = z
  .object({
    id: z.number().int().positive(),
    site_id: z.number().int().positive(),
    dealership_ids: z.array(z.number().int().positive()).default([]),
    title: z.string().min(1),
    description: z.string().nullable().default(null),
    image: z.object({
      url: z.string().regex(/^(\/|https?:\/\/)\S*$/, 'must be a site path or an http(s) URL'),
    }),
    link: z.string().regex(/^(\/|https?:\/\/)\S*$/, 'must be a site path or an http(s) URL'),
    start_at: z.iso.datetime({ offset: true }),
    expires_at: z.iso.datetime({ offset: true }),
  })
  .refine((p) => Date.parse(p.start_at) < Date.parse(p.expires_at), {
    path: ['expires_at'],
    message: 'must be after start_at',
  });
/** A promotion. */
export type Promotion = z.infer<typeof promotionSchema>;

/** §4: a promotion shows only between its start (inclusive) and its expiry (exclusive). */
export function promotionPhase(
  promotion: Pick<Promotion, 'start_at' | 'expires_at'>,
  at: Date,
): 'upcoming' | 'running' | 'ended' {
  if (at.getTime() < Date.parse(promotion.start_at)) return 'upcoming';
  return at.getTime() < Date.parse(promotion.expires_at) ? 'running' : 'ended';
}
