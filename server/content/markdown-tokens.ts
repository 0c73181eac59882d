import { Lexer, type Token, type Tokens } from 'marked';
import { type MarkdownListItem, type MarkdownToken, SAFE_HREF } from '../../domain/markdown-tokens.ts';

/**
 * The dealer's Markdown as marked's tokens, checked (issue 32 item 6): raw HTML is kept as the text
 * it was written as (the browser shows it, never runs it); a link that leaves neither the site nor
 * the web (`javascript:`, `data:`) becomes its text; a token of a kind the pages do not use becomes a
 * paragraph of its source. Only the fields the browser renders are sent (no `raw`).
 */
export function markdownTokens(source: string): MarkdownToken[] {
  return checked(new Lexer({ gfm: true }).lex(source));
}

const checked = (tokens: readonly Token[] | undefined): MarkdownToken[] => (tokens ?? []).map(check);

function check(token: Token): MarkdownToken {
  switch (token.type) {
    case 'heading':
      return { type: 'heading', depth: token.depth, tokens: checked(token.tokens) };
    case 'paragraph':
    case 'strong':
    case 'em':
    case 'del':
    case 'blockquote':
      return { type: token.type, tokens: checked(token.tokens) };
    case 'text':
      return token.tokens
        ? { type: 'text', text: token.text, tokens: checked(token.tokens) }
        : { type: 'text', text: token.text };
    case 'escape':
      return { type: 'text', text: token.text };
    case 'html':
      return { type: 'text', text: token.text };
    case 'codespan':
    case 'code':
      return { type: token.type, text: token.text };
    case 'link':
      return SAFE_HREF.test(token.href)
        ? { type: 'link', href: token.href, title: token.title ?? null, tokens: checked(token.tokens) }
        : { type: 'text', text: token.text };
    case 'list':
      return {
        type: 'list',
        ordered: token.ordered,
        start: token.start,
        items: (token as Tokens.List).items.map(
          (item): MarkdownListItem => ({ type: 'list_item', tokens: checked(item.tokens) }),
        ),
      };
    case 'hr':
    case 'br':
    case 'space':
      return { type: token.type };
    default:
      return { type: 'paragraph', tokens: [{ type: 'text', text: token.raw.trim() }] };
  }
}
