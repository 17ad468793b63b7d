import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EmailAddress } from './email-address';

afterEach(cleanup);

describe('EmailAddress', () => {
  it('may wrap before the @ and before each dot of the domain, and reads and copies as the whole address', () => {
    render(<EmailAddress email="first.last@mail.example.co.uk" className="font-medium" />);
    const address = screen.getByText('first.last@mail.example.co.uk');
    expect(address.textContent).toBe('first.last@mail.example.co.uk');
    expect(address.className).toContain('font-medium');
    expect(address.className).toContain('wrap-anywhere');
    expect(address.className).not.toContain('break-all');
    // The break opportunities, each right before the sign that starts the next line.
    const afterEachBreak = Array.from(address.querySelectorAll('wbr')).map((wbr) => wbr.nextSibling?.textContent);
    expect(afterEachBreak).toEqual(['@', '.', '.', '.']);
  });

  it('leaves a text without @ as it is', () => {
    render(<EmailAddress email="anonymous" />);
    expect(screen.getByText('anonymous').querySelectorAll('wbr')).toHaveLength(0);
  });
});
