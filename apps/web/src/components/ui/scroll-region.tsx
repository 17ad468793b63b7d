import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { focusRing } from './text-field';

/**
 * The box a wide table scrolls sideways in: a labelled group a keyboard user can focus and then scroll with the
 * arrow keys (WCAG 2.1.1; axe-core's `scrollable-region-focusable`). Without it a table that overflows, say on a
 * phone or in a language with longer words, hides columns that only a mouse or a finger can reach. A group, not a
 * region: a landmark per table would crowd the landmark list and repeat the name of the section around it.
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  /** What the group holds, read when it gets focus. */
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset groups form controls; this groups a table for scrolling
    <div
      role="group"
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      className={cn('overflow-x-auto', focusRing, className)}
    >
      {children}
    </div>
  );
}

/**
 * A table in its `ScrollRegion`, the region named by the table's caption: the caption is stated once, for both. The
 * caption is visually hidden (a heading or the page around the table says what it is for sighted users); the table's
 * own props (class, test id) go to the `<table>`, `scrollClassName` to the scrolling box.
 */
export function ScrollTable({
  caption,
  scrollClassName,
  children,
  ...table
}: Omit<ComponentPropsWithoutRef<'table'>, 'children'> & {
  caption: string;
  scrollClassName?: string;
  /** The table's `thead`, `tbody`, `colgroup`… after the caption. */
  children: ReactNode;
}) {
  return (
    <ScrollRegion label={caption} className={scrollClassName}>
      <table {...table}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </ScrollRegion>
  );
}
