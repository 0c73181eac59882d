import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localMediaStore, readMediaObject } from '../../../server/media/media-store.ts';

/** Issue 31 item 1: the media storage behind trade-in photos (decision 103). */
const folder = mkdtempSync(join(tmpdir(), 'forecourt-media-'));
const store = localMediaStore(folder);

/** Every file under the store's folder. */
const files = () =>
  readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());

describe('the local media storage', () => {
  it('streams an object in and out, with its size and SHA-256', async () => {
    async function* chunks() {
      yield Buffer.from('hello ');
      yield Buffer.from('world');
    }
    const stored = await store.put('trade-in/1/2/a.jpg', chunks());
    expect(stored).toEqual({
      key: 'trade-in/1/2/a.jpg',
      size: 11,
      sha256: 'b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9',
    });
    expect((await readMediaObject(store, 'trade-in/1/2/a.jpg'))?.toString()).toBe('hello world');
    await store.delete('trade-in/1/2/a.jpg');
    expect(await store.get('trade-in/1/2/a.jpg')).toBeNull();
    await store.delete('trade-in/1/2/a.jpg');
  });

  it('a write that fails leaves nothing behind, not even part of the object', async () => {
    async function* failing() {
      yield Buffer.alloc(1000, 1);
      throw new Error('the client went away');
    }
    await expect(store.put('trade-in/1/2/b.jpg', failing())).rejects.toThrow('the client went away');
    expect(await store.get('trade-in/1/2/b.jpg')).toBeNull();
    expect(files().map((entry) => entry.name)).toEqual([]);
  });

  it.each(['../outside.jpg', 'trade-in/../../x', '/etc/passwd', 'a//b', '.hidden', 'a/b\\c', ''])(
    'the key %j is refused: no object lies outside the folder',
    async (key) => {
      await expect(store.put(key, [Buffer.from('x')])).rejects.toThrow('Not a media key');
      await expect(store.get(key)).rejects.toThrow('Not a media key');
    },
  );
});
