import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The SPA's own translations, read the way `apps/web/src/locales/languages.ts` mounts them (`{language}.json` plus
 * `{language}/{area}.json` under the key `{area}`), so a spec can expect a screen's text in any language without a
 * second copy of it that could drift.
 */
const localesDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../apps/web/src/locales');

type Tree = { [key: string]: string | Tree };

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Tree;

function treeOf(language: string): Tree {
  const tree = readJson(join(localesDir, `${language}.json`));
  for (const file of readdirSync(join(localesDir, language))) {
    if (file.endsWith('.json')) tree[file.slice(0, -'.json'.length)] = readJson(join(localesDir, language, file));
  }
  return tree;
}

const trees = new Map<string, Tree>();

/** The text of `key` in `language` with `{{name}}` variables filled in; throws for a missing key. */
export function translate(language: string, key: string, values: Record<string, string> = {}): string {
  let tree = trees.get(language);
  if (!tree) {
    tree = treeOf(language);
    trees.set(language, tree);
  }
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no text "${key}" in ${language}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`"${key}" in ${language} needs {{${name}}}`);
    return value;
  });
}

/** `key`'s text in `language` as a whole-text pattern, each `{{variable}}` standing for any text. */
export function translatedPattern(language: string, key: string): RegExp {
  const names = new Proxy({} as Record<string, string>, { get: () => '\u0000' });
  const escaped = translate(language, key, names).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replaceAll('\u0000', '.+')}$`);
}
