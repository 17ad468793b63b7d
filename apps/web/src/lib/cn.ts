import { CLASS_NAME_MERGE_CACHE_SIZE } from '@vatlas/domain';
import { extendTailwindMerge } from 'tailwind-merge';

const mergeClasses = extendTailwindMerge({ cacheSize: CLASS_NAME_MERGE_CACHE_SIZE });

/** Joins class names; later Tailwind utilities win over earlier conflicting ones. */
export function cn(...classes: (string | false | null | undefined)[]): string {
  return mergeClasses(classes.filter(Boolean).join(' '));
}
