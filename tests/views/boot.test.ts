import { describe, expect, it } from 'vitest';
import { type BootData, serialiseBoot } from '../../views/app/boot.ts';

describe('boot block serialisation (server-rendering guide §4)', () => {
  const hostile = '</script><script>alert(1)</script><!-- & \u2028 \u2029';
  const boot = {
    site: { name: hostile },
    page: { id: 'home', url: '/', snapshot: null },
  } as unknown as BootData;

  it('escapes <, >, &, U+2028 and U+2029 so data cannot end the script block', () => {
    const text = serialiseBoot(boot);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
  });

  it('round-trips to the same data', () => {
    expect(JSON.parse(serialiseBoot(boot))).toEqual(boot);
  });
});
