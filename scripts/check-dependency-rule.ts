/**
 * Enforces the dependency rule of ARCHITECTURE.md on every import in the repository:
 *   domain ← contract ← {api, web}; idp is used only by the api; web and api never import each other;
 *   a relative import never leaves its workspace; features of the SPA never import each other.
 * Biome's noRestrictedImports catches package names in the editor; this check also resolves relative paths,
 * which a pattern list cannot do reliably.
 */
import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Which Vatlas workspaces each workspace may import. */
type Workspace = 'packages/domain' | 'packages/contract' | 'apps/idp' | 'apps/api' | 'apps/web' | 'e2e' | 'bench';
export type Violation = { file: string; specifier: string; reason: string };

export const ALLOWED_DEPENDENCIES: Record<Workspace, readonly Workspace[]> = {
  'packages/domain': [],
  'packages/contract': ['packages/domain'],
  'apps/idp': [],
  'apps/api': ['packages/domain', 'packages/contract', 'apps/idp'],
  'apps/web': ['packages/domain', 'packages/contract'],
  e2e: ['packages/domain', 'packages/contract'],
  bench: ['packages/domain', 'packages/contract', 'apps/api'],
};

const PACKAGE_NAMES: Record<string, Workspace> = {
  '@vatlas/domain': 'packages/domain',
  '@vatlas/contract': 'packages/contract',
  '@vatlas/idp': 'apps/idp',
  '@vatlas/api': 'apps/api',
  '@vatlas/web': 'apps/web',
};

const SOURCE_FILE = /\.(ts|tsx|mts|mjs|js|jsx)$/;
const IMPORT_SPECIFIER =
  /(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const WEB_FEATURES = 'apps/web/src/features/';

function listSourceFiles(directory: string): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(directory, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) return [];
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return listSourceFiles(path);
    return SOURCE_FILE.test(entry.name) ? [path] : [];
  });
}

const WORKSPACES = Object.keys(ALLOWED_DEPENDENCIES) as Workspace[];

function workspaceOf(repoPath: string): Workspace | undefined {
  return WORKSPACES.find((workspace) => repoPath === workspace || repoPath.startsWith(`${workspace}/`));
}

function featureOf(repoPath: string): string | undefined {
  if (!repoPath.startsWith(WEB_FEATURES)) return undefined;
  return repoPath.slice(WEB_FEATURES.length).split('/')[0];
}

/** Returns every import that breaks the rule, as `{ file, specifier, reason }`. */
export function findViolations(root: string): Violation[] {
  const violations: Violation[] = [];
  for (const workspace of WORKSPACES) {
    for (const file of listSourceFiles(join(root, workspace))) {
      const repoPath = relative(root, file).split(sep).join('/');
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(IMPORT_SPECIFIER)) {
        const specifier = match[1] ?? match[2] ?? '';
        const reason = judgeImport(root, workspace, repoPath, specifier);
        if (reason) violations.push({ file: repoPath, specifier, reason });
      }
    }
  }
  return violations;
}

function judgeImport(root: string, workspace: Workspace, repoPath: string, specifier: string): string | undefined {
  const packageName = Object.keys(PACKAGE_NAMES).find((name) => specifier === name || specifier.startsWith(`${name}/`));
  if (packageName) {
    const target = PACKAGE_NAMES[packageName] as Workspace;
    if (target === workspace) return `${workspace} imports itself by package name; use a relative import`;
    if (!ALLOWED_DEPENDENCIES[workspace].includes(target)) {
      return `${workspace} may not import ${packageName} (allowed: ${ALLOWED_DEPENDENCIES[workspace].join(', ') || 'nothing of Vatlas'})`;
    }
    return undefined;
  }
  let targetPath: string;
  if (specifier.startsWith('.')) {
    targetPath = relative(root, resolve(root, dirname(repoPath), specifier))
      .split(sep)
      .join('/');
  } else if (workspace === 'apps/web' && specifier.startsWith('@/')) {
    targetPath = `apps/web/src/${specifier.slice(2)}`;
  } else {
    return undefined;
  }
  const targetWorkspace = workspaceOf(targetPath);
  if (targetWorkspace !== workspace) {
    return `relative import leaves ${workspace} (to ${targetPath}); import the workspace by its package name`;
  }
  const fromFeature = featureOf(repoPath);
  const toFeature = featureOf(targetPath);
  if (fromFeature && toFeature && fromFeature !== toFeature) {
    return `feature "${fromFeature}" imports feature "${toFeature}"; compose features in src/app instead`;
  }
  return undefined;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const violations = findViolations(root);
  for (const { file, specifier, reason } of violations) console.error(`${file}: '${specifier}': ${reason}`);
  if (violations.length > 0) {
    console.error(`Dependency rule: ${violations.length} violation(s).`);
    process.exit(1);
  }
  console.info('Dependency rule: no violations.');
}
