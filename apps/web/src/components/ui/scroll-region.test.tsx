import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ScrollRegion, ScrollTable } from './scroll-region';

afterEach(cleanup);

describe('ScrollRegion', () => {
  it('is a group named by its label, in the tab order, that scrolls sideways', () => {
    render(
      <ScrollRegion label="Contrast of the theme's colours" className="rounded-xl">
        <p>4.5:1</p>
      </ScrollRegion>,
    );
    const region = screen.getByRole('group', { name: "Contrast of the theme's colours" });
    expect(region.tabIndex).toBe(0);
    expect(region.className).toContain('overflow-x-auto');
    expect(region.className).toContain('rounded-xl');
    expect(region.textContent).toBe('4.5:1');
  });
});

describe('ScrollTable', () => {
  it('names the table and its scrolling group by the one caption, and passes the table its own props', () => {
    render(
      <ScrollTable
        caption="Recently failed uploads"
        scrollClassName="rounded-xl"
        className="min-w-[40rem]"
        data-testid="failed-uploads"
      >
        <tbody>
          <tr>
            <td>vtr-2026-10.txt</td>
          </tr>
        </tbody>
      </ScrollTable>,
    );
    const region = screen.getByRole('group', { name: 'Recently failed uploads' });
    const table = screen.getByRole('table', { name: 'Recently failed uploads' });
    expect(region.tabIndex).toBe(0);
    expect(region.className).toContain('rounded-xl');
    expect(region.contains(table)).toBe(true);
    expect(table.className).toBe('min-w-[40rem]');
    expect(table.dataset.testid).toBe('failed-uploads');
    expect(table.querySelectorAll('caption')).toHaveLength(1);
    expect(table.querySelector('caption')?.className).toBe('sr-only');
  });
});
