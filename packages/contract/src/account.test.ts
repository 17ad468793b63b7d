import { EXPLANATION_LANGUAGES } from '@vatlas/domain';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './account';

describe('LANGUAGES', () => {
  it('equals the languages the tax engine explains treatments in', () => {
    expect([...EXPLANATION_LANGUAGES]).toEqual([...LANGUAGES]);
  });
});
