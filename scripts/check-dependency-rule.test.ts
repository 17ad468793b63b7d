import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findViolations } from './check-dependency-rule';

let root: string | undefined;

function repoWith(files: Record<string, string>): string {
  root = mkdtempSync(join(tmpdir(), 'vatlas-deps-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

describe('the dependency rule', () => {
  it('accepts the allowed direction domain ← contract ← {api, web}', () => {
    const repo = repoWith({
      'packages/contract/src/a.ts': "import { x } from '@vatlas/domain';",
      'apps/api/src/a.ts': "import { x } from '@vatlas/contract';\nimport { y } from '@vatlas/idp';",
      'apps/web/src/a.ts': "import type { X } from '@vatlas/contract';\nimport { b } from './b';",
    });
    expect(findViolations(repo)).toEqual([]);
  });

  it.each([
    ['domain importing contract', 'packages/domain/src/a.ts', "import { x } from '@vatlas/contract';"],
    ['contract importing api', 'packages/contract/src/a.ts', "export { x } from '@vatlas/api';"],
    ['web importing api', 'apps/web/src/a.ts', "import { buildApp } from '@vatlas/api';"],
    ['web importing idp', 'apps/web/src/a.ts', "const m = await import('@vatlas/idp');"],
    ['api importing web', 'apps/api/src/a.ts', "import type { X } from '@vatlas/web';"],
    ['a relative import into another workspace', 'apps/web/src/a.ts', "import { app } from '../../api/src/app';"],
    ['one feature importing another', 'apps/web/src/features/auth/a.ts', "import { x } from '../dashboard/x';"],
    [
      'one feature importing another by alias',
      'apps/web/src/features/auth/a.ts',
      "import { x } from '@/features/dashboard/x';",
    ],
  ])('refuses %s', (_label, path, content) => {
    const violations = findViolations(repoWith({ [path]: content }));
    expect(violations).toHaveLength(1);
    expect(violations[0]?.file).toBe(path);
  });

  it('lets a feature import its own files and shared code', () => {
    const repo = repoWith({
      'apps/web/src/features/auth/components/a.tsx':
        "import { x } from '../api/x';\nimport { ui } from '../../../components/ui/button';",
    });
    expect(findViolations(repo)).toEqual([]);
  });
});
