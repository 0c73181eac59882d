import { createElement, Fragment, type ReactNode } from 'react';
import type { MarkdownToken } from '../../domain/markdown-tokens.ts';

/**
 * The dealer's Markdown (`tenants/<slug>/pages/*.md`) from the server's checked tokens
 * (`server/content/markdown-tokens.ts`), as React elements: no HTML is set, so a page's words are
 * only ever text and its links only those the server let through.
 */
export function Markdown({ tokens }: { tokens: readonly MarkdownToken[] }) {
  return <>{all(tokens)}</>;
}

const all = (tokens: readonly MarkdownToken[] | undefined): ReactNode[] =>
  (tokens ?? []).map((token, index) => element(token, index));

function element(token: MarkdownToken, key: number): ReactNode {
  switch (token.type) {
    case 'heading':
      return createElement(`h${Math.min(Math.max(token.depth, 1), 6)}`, { key }, all(token.tokens));
    case 'paragraph':
      return <p key={key}>{all(token.tokens)}</p>;
    case 'strong':
      return <strong key={key}>{all(token.tokens)}</strong>;
    case 'em':
      return <em key={key}>{all(token.tokens)}</em>;
    case 'del':
      return <del key={key}>{all(token.tokens)}</del>;
    case 'blockquote':
      return <blockquote key={key}>{all(token.tokens)}</blockquote>;
    case 'text':
      return <Fragment key={key}>{token.tokens ? all(token.tokens) : token.text}</Fragment>;
    case 'codespan':
      return <code key={key}>{token.text}</code>;
    case 'code':
      return (
        <pre key={key}>
          <code>{token.text}</code>
        </pre>
      );
    case 'link':
      return (
        <a key={key} href={token.href} title={token.title ?? undefined}>
          {all(token.tokens)}
        </a>
      );
    case 'list': {
      const items = token.items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a page's tokens never reorder; their place is their identity
        <li key={index}>{all(item.tokens)}</li>
      ));
      return token.ordered ? (
        <ol key={key} start={token.start === '' || token.start === 1 ? undefined : token.start}>
          {items}
        </ol>
      ) : (
        <ul key={key}>{items}</ul>
      );
    }
    case 'hr':
      return <hr key={key} />;
    case 'br':
      return <br key={key} />;
    case 'space':
      return null;
  }
}
