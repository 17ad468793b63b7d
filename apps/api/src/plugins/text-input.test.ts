import { describe, expect, it } from 'vitest';
import { fieldsWithNulCharacters } from './text-input';

describe('fieldsWithNulCharacters', () => {
  it('names each field whose text holds U+0000, nested ones by their path', () => {
    const body = {
      legalNameOfBusiness: 'Acme\u0000 GmbH',
      vatNumber: 'DE123456789',
      address: { street: 'Hauptstr.', city: 'Berlin\u0000' },
      contacts: [{ email: 'a@b.test' }, { email: '\u0000' }],
      isActive: true,
      employees: 3,
      note: null,
    };
    expect(fieldsWithNulCharacters(body)).toEqual(['legalNameOfBusiness', 'address.city', 'contacts.1.email']);
  });

  it('finds none in clean text, numbers, booleans, null and bytes', () => {
    expect(fieldsWithNulCharacters({ name: 'Acme', count: 0, flag: false, nothing: null })).toEqual([]);
    expect(fieldsWithNulCharacters(Buffer.from('a\u0000b'))).toEqual([]);
    expect(fieldsWithNulCharacters(undefined)).toEqual([]);
    // Only data as JSON and the query's parser make it is walked: not a stream's or a class's object.
    expect(
      fieldsWithNulCharacters(
        new (class {
          text = '\u0000';
        })(),
      ),
    ).toEqual([]);
    expect(fieldsWithNulCharacters(Object.assign(Object.create(null), { q: '\u0000' }))).toEqual(['q']);
    // fast-querystring's objects: their prototype has none.
    expect(fieldsWithNulCharacters(Object.assign(Object.create(Object.create(null)), { q: '\u0000' }))).toEqual(['q']);
  });

  it('names a bare string by its prefix, or as the request', () => {
    expect(fieldsWithNulCharacters('a\u0000', 'query')).toEqual(['query']);
    expect(fieldsWithNulCharacters('a\u0000')).toEqual(['request']);
  });

  it('names ten fields at most', () => {
    const many = Object.fromEntries(Array.from({ length: 25 }, (_, index) => [`field${index}`, '\u0000']));
    expect(fieldsWithNulCharacters(many)).toHaveLength(10);
  });
});
