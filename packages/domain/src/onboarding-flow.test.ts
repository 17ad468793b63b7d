import { describe, expect, it } from 'vitest';
import { nextPageOf, ONBOARDING_FLOW, previousPageOf, stepOfPage } from './onboarding-flow';

describe('ONBOARDING_FLOW', () => {
  it('walks the pages in the agreed order', () => {
    expect(ONBOARDING_FLOW.map((page) => page.path.replace('/onboarding/', ''))).toEqual([
      'welcome',
      'business-type',
      'business-address',
      'product-type',
      'tax-assessment',
      'jurisdictions',
      'jurisdictions-selection',
      'jurisdiction-info',
      'business-profile/legal-representative',
      'business-profile/business-details',
      'business-profile/banking',
      'documents',
      'signing',
      'integrations',
    ]);
  });

  it.each([
    ['/onboarding/welcome', '/onboarding/business-type', undefined, 'account-creation'],
    ['/onboarding/business-type', '/onboarding/business-address', '/onboarding/welcome', 'business-details'],
    ['/onboarding/product-type', '/onboarding/tax-assessment', '/onboarding/business-address', 'business-details'],
    ['/onboarding/tax-assessment', '/onboarding/jurisdictions', '/onboarding/product-type', 'tax-assessment'],
    [
      '/onboarding/jurisdiction-info',
      '/onboarding/business-profile/legal-representative',
      '/onboarding/jurisdictions-selection',
      'jurisdictions',
    ],
    [
      '/onboarding/business-profile/banking',
      '/onboarding/documents',
      '/onboarding/business-profile/business-details',
      'business-details',
    ],
    ['/onboarding/integrations', '/dashboard', '/onboarding/signing', 'document-center'],
    // Aliases: index routes and the guard-named step routes stand for a flow page.
    ['/onboarding', '/onboarding/business-address', '/onboarding/welcome', 'business-details'],
    [
      '/onboarding/business-profile',
      '/onboarding/business-profile/business-details',
      '/onboarding/jurisdiction-info',
      'business-details',
    ],
    ['/onboarding/document-center', '/onboarding/signing', '/onboarding/business-profile/banking', 'document-center'],
    ['/onboarding/account-creation', '/onboarding/business-type', undefined, 'account-creation'],
    ['/onboarding/signing/', '/onboarding/integrations', '/onboarding/documents', 'document-center'],
    ['/dashboard', undefined, undefined, undefined],
  ])('%s → next %s, previous %s, step %s', (path, next, previous, step) => {
    expect(nextPageOf(path)).toBe(next);
    expect(previousPageOf(path)).toBe(previous);
    expect(stepOfPage(path)).toBe(step);
  });
});
