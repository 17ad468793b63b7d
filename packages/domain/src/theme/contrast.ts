/** WCAG 2.x relative luminance and contrast ratio of two #rrggbb colours. */
function readChannels(hex: string): [number, number, number] {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`Not a #rrggbb colour: ${hex}`);
  return [match[1], match[2], match[3]].map((part) => Number.parseInt(part as string, 16) / 255) as [
    number,
    number,
    number,
  ];
}

export function getRelativeLuminance(hex: string): number {
  const [r, g, b] = readChannels(hex).map((value) =>
    value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4,
  ) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function getContrastRatio(foreground: string, background: string): number {
  const [lighter, darker] = [getRelativeLuminance(foreground), getRelativeLuminance(background)].sort(
    (a, b) => b - a,
  ) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** AA for normal-size text. Large text (≥ 24 px, or bold ≥ 18.66 px) needs only 3:1. */
export const AA_NORMAL_TEXT_RATIO = 4.5;

export const meetsAaForNormalText = (foreground: string, background: string): boolean =>
  getContrastRatio(foreground, background) >= AA_NORMAL_TEXT_RATIO;
