import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkRawColours, findRawColours } from './check-raw-colours';

const matches = (text: string) => findRawColours('x.tsx', text).map((finding) => finding.match);

describe('the raw-colour check', () => {
  it('finds hex colours, rgb()/hsl() and Tailwind palette classes', () => {
    expect(matches(`const c = '#1171ff';`)).toEqual(['#1171ff']);
    expect(matches(`style={{ color: "#fff" }}`)).toEqual(['#fff']);
    expect(matches('<div className="bg-[#123456] p-2" />')).toEqual(['#123456']);
    expect(matches(`const c = 'rgba(0, 0, 0, 0.5)'; const d = "hsl(210 40% 50%)";`)).toEqual(['rgba(', 'hsl(']);
    expect(matches('<p className="text-blue-500 hover:bg-red-100 bg-white border-x-slate-200/50" />')).toEqual([
      'text-blue-500',
      'hover:bg-red-100',
      'bg-white',
      'border-x-slate-200/50',
    ]);
  });

  it('lets semantic classes, the theme grays, anchors and ids pass', () => {
    expect(
      matches(
        '<a href="#main" className="bg-primary-strong text-on-primary bg-gray-200 text-fg border-border text-danger" />',
      ),
    ).toEqual([]);
    // An anchor spelt only with hex digits cannot be told from a colour: it is reported (name it otherwise).
    expect(matches(`const id = '#add'; const step = 'step-100';`)).toEqual(['#add']);
    expect(matches(`navigate('#page-title')`)).toEqual([]);
  });

  it('accepts a deliberate exception that names its reason', () => {
    expect(matches(`// raw-colour-allowed: ink on the PDF\nctx.strokeStyle = '#111827';`)).toEqual([]);
    expect(matches(`// the ink\nctx.strokeStyle = '#111827';`)).toEqual(['#111827']);
  });

  it('finds none in the SPA as it is', () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    expect(checkRawColours(root)).toEqual([]);
  });
});
