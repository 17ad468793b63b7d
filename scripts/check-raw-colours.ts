/**
 * No raw colours in the SPA's components (house style: "Please use themes instead of colors"). Colours come from the
 * active theme as CSS variables with semantic names (bg-primary-strong, text-fg, border-border…), so a tenant's theme
 * and both built-in themes reach every screen, and the contrast each theme is checked for is the contrast shown.
 * Fails on #hex literals, rgb()/rgba()/hsl()/hsla() and Tailwind palette classes (bg-blue-500, text-white…).
 * The gray-100…900 classes are allowed: src/index.css maps them to the theme's grays.
 */
import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export type RawColour = { file: string; line: number; match: string; reason: string };

const PALETTE =
  'slate|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose';
const UTILITIES =
  'bg|text|border|border-[trblxy]|ring|ring-offset|fill|stroke|from|via|to|outline|divide|placeholder|decoration|shadow|accent|caret';

const RULES: { pattern: RegExp; reason: string }[] = [
  {
    // A hex colour in a string or style: '#1171ff', "#fff", bg-[#123456]. Anchors such as '#main' are words, not hex.
    pattern: /(?<=['"`\s:([])#(?:[0-9a-fA-F]{8}|[0-9a-fA-F]{6}|[0-9a-fA-F]{3,4})(?![\w-])/g,
    reason: 'a hex colour: use a semantic theme class (bg-primary-strong, text-fg…) or a theme variable',
  },
  {
    pattern: /\b(?:rgba?|hsla?)\(/g,
    reason: 'an rgb()/hsl() colour: use a semantic theme class or a theme variable',
  },
  {
    pattern: new RegExp(
      `(?<![\\w-])(?:[\\w-]+:)*(?:${UTILITIES})-(?:(?:${PALETTE})-\\d{2,3}|white|black)(?:\\/\\d+)?(?![\\w-])`,
      'g',
    ),
    reason: 'a Tailwind palette colour: use a semantic theme class (the palette is not the theme)',
  },
];

const ALLOW_MARKER = 'raw-colour-allowed:';

/** Findings in one file's text. */
export function findRawColours(file: string, text: string): RawColour[] {
  const findings: RawColour[] = [];
  const lines = text.split('\n');
  lines.forEach((content, index) => {
    // A deliberate exception names its reason: `// raw-colour-allowed: why` on the line or the line above.
    if (`${lines[index - 1] ?? ''}${content}`.includes(ALLOW_MARKER)) return;
    for (const rule of RULES) {
      for (const match of content.matchAll(rule.pattern)) {
        findings.push({ file, line: index + 1, match: match[0], reason: rule.reason });
      }
    }
  });
  return findings;
}

const CHECKED_FILE = /\.(ts|tsx|css)$/;
/** Tests pin theme values on purpose; src/theme writes the variables; index.css maps them. */
const SKIPPED = [
  /\.test\.tsx?$/,
  /^apps\/web\/src\/theme\//,
  /^apps\/web\/src\/index\.css$/,
  /^apps\/web\/src\/test\//,
];

function listFiles(directory: string): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(directory, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : listFiles(path);
    return CHECKED_FILE.test(entry.name) ? [path] : [];
  });
}

export function checkRawColours(root: string): RawColour[] {
  return listFiles(join(root, 'apps/web/src')).flatMap((path) => {
    const file = relative(root, path).split('\\').join('/');
    if (SKIPPED.some((pattern) => pattern.test(file))) return [];
    return findRawColours(file, readFileSync(path, 'utf8'));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
  const findings = checkRawColours(root);
  for (const finding of findings) {
    console.error(`${finding.file}:${finding.line}: ${finding.match} — ${finding.reason}`);
  }
  if (findings.length > 0) {
    console.error(`Raw colours: ${findings.length} found. Components use the theme's semantic colours only.`);
    process.exit(1);
  }
  console.info('Raw colours: none in components.');
}
