import { describe, expect, it } from 'vitest';
import { resolveSelectedCompanyId } from './service';

const companies = [{ id: 'a' }, { id: 'b' }];

describe('resolveSelectedCompanyId', () => {
  it("prefers the token's company while it is a membership", () => {
    expect(resolveSelectedCompanyId({ selectedCompanyId: 'a' }, companies, 'b')).toBe('b');
  });
  it('falls back to the stored preference, then the first company', () => {
    expect(resolveSelectedCompanyId({ selectedCompanyId: 'b' }, companies, 'gone')).toBe('b');
    expect(resolveSelectedCompanyId({ selectedCompanyId: 'gone' }, companies, null)).toBe('a');
  });
  it('answers null without companies', () => {
    expect(resolveSelectedCompanyId({ selectedCompanyId: 'a' }, [], 'a')).toBeNull();
  });
});
