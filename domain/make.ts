import { z } from 'zod';

/** A vehicle make (`locations-forms-tradein-site.md` §3 "Make"). Some makes have no logo. */
export const makeSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1),
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens'),
  logo: z.object({
    url: z
      .string()
      .regex(/^(\/|https?:\/\/)\S*$/, 'must be a site path or an http(s) URL')
      .nullable(),
  }),
});
/** A parsed make. */
export type Make = z.infer<typeof makeSchema>;
