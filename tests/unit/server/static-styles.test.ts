import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { inlineStaticStyles } from '../../../server/build/static-styles.ts';
import { css } from '../../../styled-system/css';
import * as recipes from '../../../styled-system/recipes';
import { button, checkbox } from '../../../styled-system/recipes';

/**
 * The build writes Panda's class names in place of literal `css()` and recipe calls (decision 094),
 * so production ships no styling runtime. What it writes must be what the runtime would have said.
 */
const stylers = { css: { css }, recipes: recipes as Record<string, unknown> };
const inline = (code: string) => inlineStaticStyles(code, 'tsx', stylers);

describe('static styles', () => {
  it('writes the class names of a literal css() call, and drops the import nothing reads any more', () => {
    const result = inline(
      "import { css } from '../../styled-system/css';\nexport const card = css({ p: '4', md: { p: '6' }, _hover: { bg: 'surface' } });\n",
    );
    expect(result?.code).toContain(
      JSON.stringify(css({ p: '4', md: { p: '6' }, _hover: { bg: 'surface' } })),
    );
    expect(result?.code).not.toContain('styled-system');
    expect(result?.replaced).toBe(1);
  });

  it('writes a slot recipe as its slots, and a `<button>` element does not keep the button recipe', () => {
    const result = inline(
      "import { button, checkbox } from '../../styled-system/recipes';\nconst c = checkbox();\nexport const B = () => <button className={button({ variant: 'outline' })}>{c.root}</button>;\n",
    );
    expect(result?.code).toContain(JSON.stringify(checkbox()));
    expect(result?.code).toContain(JSON.stringify(button({ variant: 'outline' })));
    expect(result?.code).not.toContain('styled-system');
  });

  it('turns one ternary between literals into a choice between two class lists', () => {
    const result = inline(
      "import { css } from '../../styled-system/css';\nexport const f = (open: boolean) => css({ mt: '2', color: open ? 'accent' : 'fgMuted' });\n",
    );
    const code = result?.code ?? '';
    expect(code).toContain(JSON.stringify(css({ mt: '2', color: 'accent' })));
    expect(code).toContain(JSON.stringify(css({ mt: '2', color: 'fgMuted' })));
    expect(code).not.toContain('styled-system');
  });

  it('leaves a call with computed arguments, and its import, to the runtime', () => {
    const result = inline(
      "import { css } from '../../styled-system/css';\nexport const a = css({ p: '2' });\nexport const f = (w: string) => css({ w });\n",
    );
    expect(result?.replaced).toBe(1);
    expect(result?.kept).toBe(1);
    expect(result?.code).toContain("import { css } from '../../styled-system/css'");
    expect(result?.code).toContain('css({ w })');
  });

  it('leaves a module without styled-system imports alone', () => {
    expect(inline("const css = (x: unknown) => x;\nexport const a = css({ p: '2' });\n")).toBeNull();
  });

  it('every view module is written out in full: no call is left to the runtime, so no route ships it', () => {
    const files: string[] = [];
    const visit = (dir: string) => {
      for (const entry of readdirSync(dir)) {
        const path = join(dir, entry);
        if (statSync(path).isDirectory()) visit(path);
        else if (/\.tsx?$/.test(entry)) files.push(path);
      }
    };
    visit('views');
    const left: string[] = [];
    for (const file of files) {
      const code = readFileSync(file, 'utf8');
      const result = inlineStaticStyles(code, file.endsWith('x') ? 'tsx' : 'ts', stylers);
      const output = result?.code ?? code;
      expect(() => parseAst(output, { lang: file.endsWith('x') ? 'tsx' : 'ts' })).not.toThrow();
      if (/^import (?!type)[^;]*styled-system\/(css|recipes)/m.test(output)) left.push(file);
    }
    expect(left, 'these modules keep a css() or recipe call the build cannot write out').toEqual([]);
  });
});
