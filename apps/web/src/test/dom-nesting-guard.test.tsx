import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { takeNestingReports } from './dom-nesting-guard';

afterEach(cleanup);

function InvalidParagraph() {
  return (
    <p>
      <div>block</div>
    </p>
  );
}

describe('the HTML nesting guard', () => {
  it('reports invalid nesting every time it is rendered, though React logs each pair of tags once per thread', () => {
    for (let render_ = 0; render_ < 3; render_ += 1) {
      render(<InvalidParagraph />);
      expect(takeNestingReports()).toContain('<div> cannot be a descendant of <p>.');
      cleanup();
    }
  });

  it('reports nothing for valid HTML', () => {
    render(
      <p>
        <span>phrasing</span> <button type="button">ok</button>
      </p>,
    );
    expect(takeNestingReports()).toEqual([]);
  });
});
