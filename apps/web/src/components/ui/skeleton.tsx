import { cn } from '../../lib/cn';

/**
 * A grey block of the size of what is loading, so the page does not jump when the data arrives. Hidden from screen
 * readers: the region that loads says `aria-busy` and a Spinner or text announces the wait. A `span` shown as a
 * block, so that it may also stand in for text inside a paragraph or a heading.
 */
export function Skeleton({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('block animate-pulse rounded-md bg-gray-200 motion-reduce:animate-none', className)}
    />
  );
}
