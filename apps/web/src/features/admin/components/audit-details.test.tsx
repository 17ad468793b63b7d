import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { AuditDetails } from './audit-details';

afterEach(cleanup);

it('lists each detail as a term and its value in the order of their names, null and booleans written out', () => {
  render(
    <AuditDetails
      details={{
        jurisdiction: 'DE',
        filedOn: '2023-04-05',
        filingReference: 'ELSTER-4711',
        isAdmin: false,
        note: null,
      }}
    />,
  );
  const terms = screen.getAllByRole('term').map((term) => term.textContent);
  const definitions = screen.getAllByRole('definition').map((definition) => definition.textContent);
  expect(terms).toEqual(['filedOn', 'filingReference', 'isAdmin', 'jurisdiction', 'note']);
  expect(definitions).toEqual(['2023-04-05', 'ELSTER-4711', 'false', 'DE', 'null']);
});

it('shows nothing for an event without details', () => {
  const { container } = render(<AuditDetails details={{}} />);
  expect(container.innerHTML).toBe('');
});
