import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The decision records' index (`docs/decisions/README.md`) is the front door to them: every record
 * has a row with its title, a status and a date, and every row names a record that exists.
 */
const DIR = resolve(import.meta.dirname, '../../../docs/decisions');
const records = readdirSync(DIR).filter((name) => /^\d{3}-.+\.md$/.test(name));
const index = readFileSync(join(DIR, 'README.md'), 'utf8');
const rows = [
  ...index.matchAll(/^\| \[(\d{3})\]\(([^)]+)\) \| (.+?) \| (.+?) \| (\d{4}-\d{2}-\d{2}) \|$/gm),
].map(([, number = '', file = '', title = '']) => ({ number, file, title }));

describe('docs/decisions/README.md', () => {
  it('has a row with a status and a date for every decision record', () => {
    const indexed = new Set(rows.map((row) => row.file));
    expect(records.filter((name) => !indexed.has(name))).toEqual([]);
  });

  it('names only records that exist, each once, under its own number and title', () => {
    const files = new Set(records);
    for (const { number, file, title } of rows) {
      expect(files.has(file), `${file} is in the index but not in docs/decisions/`).toBe(true);
      expect(file.startsWith(`${number}-`)).toBe(true);
      const heading = readFileSync(join(DIR, file), 'utf8').split('\n')[0];
      expect(heading).toBe(`# ${number} — ${title}`);
    }
    expect(new Set(rows.map((row) => row.number)).size).toBe(rows.length);
  });
});
