/** The visible focus ring of every shell control (common brief: 3px outline in the primary colour, offset 2px). */
export const focusRing = 'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary';
