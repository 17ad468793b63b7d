/** Class names the dashboard's cards share (semantic theme colours only). */
export const focusRing = 'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary';

export const cardClass = 'rounded-xl border border-border bg-surface p-4 shadow-sm sm:p-6';

export const selectClass = `rounded-md border border-border bg-surface px-3 py-1.5 text-sm text-fg ${focusRing}`;

export const textLinkClass = `rounded-sm font-semibold text-primary-strong underline-offset-2 hover:underline ${focusRing}`;

export const buttonLinkClass = `inline-flex items-center justify-center rounded-md bg-primary-strong px-4 py-2.5 text-sm font-semibold text-on-primary hover:brightness-90 ${focusRing}`;

/** Spelled out so Tailwind generates them: the swatch of chart series i. */
export const chartSwatchClasses = [
  'bg-chart-1',
  'bg-chart-2',
  'bg-chart-3',
  'bg-chart-4',
  'bg-chart-5',
  'bg-chart-6',
  'bg-chart-7',
  'bg-chart-8',
] as const;
