import type { ReactNode } from 'react';
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
  /** The table's caption, read when the region gets focus. */
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
