import { describe, expect, it } from 'vitest';
import {
  DEALER_COMMENTS_PENDING,
  dealerComments,
  splitDealerComments,
  visibleDealerComments,
} from '../../../domain/dealer-comments.ts';

const PENDING = 'Dealer comments are pending. Please check back here later.';
const words = (count: number) => Array.from({ length: count }, () => 'word').join(' ');

describe('dealer comments (search-detail-finance-watchlist.md §5 Dealer comments, §9)', () => {
  it.each([
    { text: 'One|Two|Three', paragraphs: ['One', 'Two', 'Three'] },
    { text: '  One  |  Two ', paragraphs: ['One', 'Two'] },
    { text: 'One||  |Two|', paragraphs: ['One', 'Two'] },
    { text: 'No pipes at all.', paragraphs: ['No pipes at all.'] },
    { text: '', paragraphs: [] },
    { text: null, paragraphs: [] },
  ])('§5 split on the pipe into paragraphs: $text', ({ text, paragraphs }) => {
    expect(splitDealerComments(text)).toEqual(paragraphs);
  });

  it.each([
    { case: 'empty', text: '' },
    { case: 'null', text: null },
    { case: 'undefined', text: undefined },
    { case: 'only pipes and spaces', text: ' | | ' },
  ])('§5 empty gives the pending text: $case', ({ text }) => {
    expect(dealerComments(text)).toEqual({
      paragraphs: [PENDING],
      pending: true,
      truncated: false,
      preview: [PENDING],
    });
    expect(DEALER_COMMENTS_PENDING).toBe(PENDING);
  });

  it.each([
    { case: '399 characters', text: 'a'.repeat(399), truncated: false },
    { case: '400 characters', text: 'a'.repeat(400), truncated: false },
    { case: '401 characters', text: 'a'.repeat(401), truncated: true },
    {
      case: '400 characters over two paragraphs, pipe not counted',
      text: `${'a'.repeat(200)}|${'b'.repeat(200)}`,
      truncated: false,
    },
    {
      case: '401 characters over two paragraphs',
      text: `${'a'.repeat(200)} | ${'b'.repeat(201)}`,
      truncated: true,
    },
  ])('§5, §9 longer than 400 characters is truncated: $case → $truncated', ({ text, truncated }) => {
    expect(dealerComments(text).truncated).toBe(truncated);
  });

  it('§5 the preview keeps whole paragraphs and cuts the one crossing 400 characters at a word', () => {
    const first = 'a'.repeat(300);
    const second = words(40); // 199 characters
    const { preview, paragraphs } = dealerComments(`${first}|${second}`);
    expect(paragraphs).toEqual([first, second]);
    expect(preview[0]).toBe(first);
    expect(preview[1]).toBe(`${words(20)}…`);
    expect(preview.join('').length).toBeLessThanOrEqual(401);
  });

  it('§5 a single unbroken word is cut at 400 characters', () => {
    expect(dealerComments('x'.repeat(450)).preview).toEqual([`${'x'.repeat(400)}…`]);
  });

  it.each([
    { case: 'short, collapsed', text: 'Short.', expanded: false, shown: ['Short.'], toggle: null },
    { case: 'short, expanded', text: 'Short.', expanded: true, shown: ['Short.'], toggle: null },
    {
      case: 'long, collapsed',
      text: 'x'.repeat(450),
      expanded: false,
      shown: [`${'x'.repeat(400)}…`],
      toggle: 'more',
    },
    {
      case: 'long, expanded',
      text: 'x'.repeat(450),
      expanded: true,
      shown: ['x'.repeat(450)],
      toggle: 'less',
    },
  ])('§5 the more/less toggle: $case', ({ text, expanded, shown, toggle }) => {
    expect(visibleDealerComments(dealerComments(text), expanded)).toEqual({ paragraphs: shown, toggle });
  });
});
