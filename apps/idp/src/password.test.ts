import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

describe('hashPassword / verifyPassword', () => {
  it('verifies the right password and rejects a wrong one', async () => {
    const hash = await hashPassword('vatlas-demo');

    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword('vatlas-demo', hash)).toBe(true);
    expect(await verifyPassword('vatlas-demo ', hash)).toBe(false);
    expect(await verifyPassword('Vatlas-demo', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    const [first, second] = await Promise.all([hashPassword('same'), hashPassword('same')]);

    expect(first).not.toBe(second);
  });

  it('rejects malformed or tampered hashes without throwing', async () => {
    const hash = await hashPassword('secret');
    const parts = hash.split('$');

    expect(await verifyPassword('secret', '')).toBe(false);
    expect(await verifyPassword('secret', 'bcrypt$whatever')).toBe(false);
    expect(await verifyPassword('secret', ['scrypt', 2 ** 30, 8, 1, parts[4], parts[5]].join('$'))).toBe(false);
    expect(await verifyPassword('secret', [...parts.slice(0, 5), 'AAAA'].join('$'))).toBe(false);
  });
});
