import { cn } from '../../lib/cn';

/**
 * A grey block of the size of what is loading, so the page does not jump when the data arrives. Hidden from screen
 * readers: the region that loads says `aria-busy` and a Spinner or text announces the wait.
 */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-gray-200 motion-reduce:animate-none', className)}
    />
  );
}
