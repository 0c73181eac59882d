/**
 * A dealer's SVG (logo, favicon) is served from the site's own origin, so opened on its own it must
 * not become a page that runs code or reaches elsewhere (issue 35 item 5). It is read here as XML, by
 * a small reader that refuses what it does not understand (a DOCTYPE, entities, processing
 * instructions), and checked for scripts, `foreignObject`, animations (which can rewrite a link),
 * event attributes, the XHTML namespace, references to anything outside the file (`href`, `src`,
 * `url(…)`, `@import`) and CSS escapes that could hide one. Served, it also carries a CSP that allows
 * no script (`server/render/brand-routes.ts`): this check is the first of two locks.
 */

/** What an SVG check found: the problems (none when it may be served) and its drawing size. */
export interface SvgCheck {
  problems: string[];
  /** Its intrinsic size, from `width`/`height` in px or else its `viewBox`; null when it has neither. */
  size: { width: number; height: number } | null;
}

/** Elements that run code, embed other documents or animate attributes (a link's target among them). */
const REFUSED_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'iframe',
  'embed',
  'object',
  'frame',
  'frameset',
  'applet',
  'handler',
  'listener',
  'set',
  'animate',
  'animatemotion',
  'animatetransform',
  'animatecolor',
]);

const XHTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';
const NAME = /^[A-Za-z_][\w.:-]*/;
const ATTRIBUTE = /^([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/;
const PREDEFINED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

const localName = (name: string) => (name.split(':').at(-1) ?? name).toLowerCase();
const shorten = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text);

/** Text with its character references resolved; null when it names an entity XML does not define. */
function decode(text: string): string | null {
  let unknown = false;
  const decoded = text.replace(
    /&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);|&/g,
    (whole, ref: string | undefined) => {
      if (!ref) {
        unknown = true;
        return whole;
      }
      if (ref.startsWith('#x')) return String.fromCodePoint(Number.parseInt(ref.slice(2), 16));
      if (ref.startsWith('#')) return String.fromCodePoint(Number.parseInt(ref.slice(1), 10));
      const known = PREDEFINED[ref];
      if (known === undefined) unknown = true;
      return known ?? whole;
    },
  );
  return unknown ? null : decoded;
}

/** What CSS (a `<style>` element, a `style` attribute) may not do in a served SVG. */
function cssProblems(css: string, where: string): string[] {
  const problems: string[] = [];
  if (/@import/i.test(css)) problems.push(`${where}: its CSS imports another file (@import)`);
  if (css.includes('\\')) problems.push(`${where}: its CSS uses escapes (\\), which can hide a reference`);
  for (const match of css.matchAll(/url\(\s*(['"]?)\s*([^)'"]*)/gi)) {
    if (!(match[2] ?? '').startsWith('#')) {
      problems.push(`${where}: refers to another resource: ${shorten(match[0])}`);
    }
  }
  if (/javascript:|expression\s*\(|-moz-binding|behavior\s*:/i.test(css)) {
    problems.push(`${where}: its CSS can run code`);
  }
  return problems;
}

function attributeProblems(element: string, name: string, value: string): string[] {
  const local = localName(name);
  const where = `<${element} ${name}>`;
  if (local.startsWith('on')) return [`has an event attribute ${name} on <${element}>`];
  if (name === 'xmlns' || name.startsWith('xmlns:')) {
    return value.trim() === XHTML_NAMESPACE ? [`declares the XHTML namespace on <${element}>`] : [];
  }
  if ((local === 'href' || local === 'src') && !value.trim().startsWith('#')) {
    return [`${where}: refers to another resource: "${shorten(value)}"`];
  }
  if (/javascript:/i.test(value)) return [`${where}: holds a javascript: address`];
  if (local === 'style') return cssProblems(value, where);
  return cssProblems(value, where).filter((problem) => !problem.includes('escapes'));
}

const number = (value: string | undefined) => {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(px)?\s*$/.exec(value ?? '');
  return match ? Number(match[1]) : null;
};

function sizeOf(attributes: ReadonlyMap<string, string>): SvgCheck['size'] {
  const width = number(attributes.get('width'));
  const height = number(attributes.get('height'));
  if (width && height) return { width, height };
  const box = (attributes.get('viewBox') ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const [boxWidth, boxHeight] = [box[2], box[3]];
  if (box.length === 4 && boxWidth && boxHeight && boxWidth > 0 && boxHeight > 0) {
    return { width: boxWidth, height: boxHeight };
  }
  return null;
}

/**
 * Checks an SVG file's text. Every problem found is listed (a malformed file stops at its first);
 * an SVG without a size is a problem too, as the header keeps the logo's space before it loads.
 */
export function checkBrandSvg(source: string): SvgCheck {
  const text = source.replace(/^\uFEFF/, '');
  const problems: string[] = [];
  const stack: string[] = [];
  let size: SvgCheck['size'] = null;
  let rootSeen = false;
  let at = 0;
  const malformed = (why: string): SvgCheck => ({
    problems: [...problems, `is not well-formed SVG: ${why}`],
    size,
  });
  while (at < text.length) {
    const rest = text.slice(at);
    if (rest.startsWith('<!--')) {
      const end = text.indexOf('-->', at + 4);
      if (end === -1) return malformed('a comment is never closed');
      at = end + 3;
    } else if (rest.startsWith('<![CDATA[')) {
      const end = text.indexOf(']]>', at);
      if (end === -1 || stack.length === 0) return malformed('a CDATA section outside the drawing');
      if (stack.at(-1) === 'style') problems.push(...cssProblems(text.slice(at + 9, end), '<style>'));
      at = end + 3;
    } else if (rest.startsWith('<?')) {
      const end = text.indexOf('?>', at);
      if (end === -1) return malformed('a processing instruction is never closed');
      if (!(at === 0 && /^<\?xml\s/.test(rest))) {
        problems.push('has a processing instruction (<?…?>), which can load another file');
      }
      at = end + 2;
    } else if (rest.startsWith('<!')) {
      return malformed('a DOCTYPE or entity declaration, which a logo does not need');
    } else if (rest.startsWith('</')) {
      const close = /^<\/([^\s>]+)\s*>/.exec(rest);
      if (!close || close[1] !== stack.at(-1)) return malformed(`an unexpected </${close?.[1] ?? '?'}>`);
      stack.pop();
      at += close[0].length;
    } else if (rest.startsWith('<')) {
      const name = NAME.exec(rest.slice(1))?.[0];
      if (!name) return malformed('a "<" that starts no element');
      if (stack.length === 0 && rootSeen) return malformed('more than one root element');
      if (stack.length === 0 && localName(name) !== 'svg')
        return malformed(`its root is <${name}>, not <svg>`);
      if (REFUSED_ELEMENTS.has(localName(name))) {
        problems.push(`has a <${name}> element, which a served SVG may not hold`);
      }
      let cursor = at + 1 + name.length;
      const attributes = new Map<string, string>();
      for (;;) {
        const gap = /^\s*/.exec(text.slice(cursor))?.[0].length ?? 0;
        cursor += gap;
        const tail = text.slice(cursor);
        if (tail.startsWith('/>') || tail.startsWith('>')) {
          cursor += tail.startsWith('/>') ? 2 : 1;
          if (!tail.startsWith('/>')) stack.push(name);
          break;
        }
        const attribute = gap > 0 ? ATTRIBUTE.exec(tail) : null;
        if (!attribute?.[1]) return malformed(`an attribute of <${name}> cannot be read`);
        const value = decode(attribute[2] ?? attribute[3] ?? '');
        if (value === null) return malformed(`<${name} ${attribute[1]}> names an undefined entity`);
        attributes.set(attribute[1], value);
        problems.push(...attributeProblems(name, attribute[1], value));
        cursor += attribute[0].length;
      }
      if (!rootSeen) size = sizeOf(attributes);
      rootSeen = true;
      at = cursor;
    } else {
      const end = text.indexOf('<', at);
      const chunk = text.slice(at, end === -1 ? text.length : end);
      if (stack.length === 0 && chunk.trim() !== '') return malformed('text outside the drawing');
      const value = decode(chunk);
      if (value === null) return malformed('text names an undefined entity');
      if (stack.at(-1) === 'style') problems.push(...cssProblems(value, '<style>'));
      at += chunk.length;
    }
  }
  if (!rootSeen) return malformed('no <svg> element');
  if (stack.length > 0) return malformed(`<${stack.at(-1)}> is never closed`);
  if (!size) problems.push('needs a viewBox (or a width and height in px), so the header can keep its space');
  return { problems: [...new Set(problems)], size };
}
