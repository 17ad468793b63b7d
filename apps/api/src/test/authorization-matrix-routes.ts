/// <reference types="vite/client" />
import type { MatrixEntry } from './authorization-matrix';

/**
 * Every route's entry of the authorization matrix: each module lists its routes beside its code, in a `*.matrix.ts`
 * file exporting `matrixEntries`. The matrix (authorization-matrix.integration-test.ts) checks that these are exactly
 * the routes the app registers; the bad-input suite (bad-input.integration-test.ts) calls each with malformed input.
 */
export const AUTHORIZATION_MATRIX: MatrixEntry[] = Object.values(
  import.meta.glob<{ matrixEntries: MatrixEntry[] }>('../modules/**/*.matrix.ts', { eager: true }),
).flatMap((module) => module.matrixEntries);
