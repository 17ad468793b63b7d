import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ScrollRegion } from './scroll-region';

afterEach(cleanup);

describe('ScrollRegion', () => {
  it('is a group named by its table, in the tab order, that scrolls sideways', () => {
    render(
      <ScrollRegion label="Recently failed uploads" className="rounded-xl">
        <table>
          <caption>Recently failed uploads</caption>
          <tbody>
            <tr>
              <td>vtr-2026-10.txt</td>
            </tr>
          </tbody>
        </table>
      </ScrollRegion>,
    );
    const region = screen.getByRole('group', { name: 'Recently failed uploads' });
    expect(region.tabIndex).toBe(0);
    expect(region.className).toContain('overflow-x-auto');
    expect(region.className).toContain('rounded-xl');
    expect(region.contains(screen.getByRole('table', { name: 'Recently failed uploads' }))).toBe(true);
  });
});
