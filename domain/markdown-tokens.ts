import { z } from 'zod/mini';

/**
 * A dealer's Markdown page as marked's tokens (`marked.lexer`, issue 32 item 6): the token types and
 * fields the dealers' pages use, checked on the server (raw HTML becomes text, a link that leaves
 * neither the site nor the web becomes its text) and rendered by the browser as React elements, so
 * no view sets HTML.
 */
export type MarkdownToken =
  | { type: 'heading'; depth: number; tokens: MarkdownToken[] }
  | { type: 'paragraph' | 'strong' | 'em' | 'del' | 'blockquote'; tokens: MarkdownToken[] }
  | { type: 'text'; text: string; tokens?: MarkdownToken[] }
  | { type: 'codespan' | 'code'; text: string }
  | { type: 'link'; href: string; title?: string | null; tokens: MarkdownToken[] }
  | { type: 'list'; ordered: boolean; start: number | ''; items: MarkdownListItem[] }
  | { type: 'hr' | 'br' | 'space' };

/** One item of a list. */
export interface MarkdownListItem {
  type: 'list_item';
  tokens: MarkdownToken[];
}

/** Where a page's link may lead: the site itself, the web, an email or a phone number. */
export const SAFE_HREF = /^(\/(?!\/)|https?:\/\/|mailto:|tel:)/;

const tokens = z.array(z.lazy((): z.ZodMiniType<MarkdownToken> => markdownTokenSchema));

/** A token as the server sends it. */
export const markdownTokenSchema: z.ZodMiniType<MarkdownToken> = z.union([
  z.object({ type: z.literal('heading'), depth: z.number(), tokens }),
  z.object({ type: z.enum(['paragraph', 'strong', 'em', 'del', 'blockquote']), tokens }),
  z.object({ type: z.literal('text'), text: z.string(), tokens: z.optional(tokens) }),
  z.object({ type: z.enum(['codespan', 'code']), text: z.string() }),
  z.object({
    type: z.literal('link'),
    href: z.string().check(z.regex(SAFE_HREF)),
    title: z.optional(z.nullable(z.string())),
    tokens,
  }),
  z.object({
    type: z.literal('list'),
    ordered: z.boolean(),
    start: z.union([z.number(), z.literal('')]),
    items: z.array(z.object({ type: z.literal('list_item'), tokens })),
  }),
  z.object({ type: z.enum(['hr', 'br', 'space']) }),
]);
