/**
 * `npm run typecheck`: every TypeScript file of the repository, in three programs, two compilers at a time. Each
 * `tsc -p` is single-threaded and the programs do not depend on each other's output (noEmit). The SPA (DOM, JSX) and the
 * end-to-end tests (DOM in the browser's functions) have options of their own; everything that runs on Node.js shares
 * tsconfig.base.json's, so it is one program (tsconfig.node.json), which checks the domain and the contract once
 * instead of once for every package that imports them. The packages' own tsconfig.json files stay, for editors. On a
 * 2-core AMD EPYC the run took 73 s with a program per package (eight), 43 s with these three, and 16-23 s with
 * TypeScript 7's native `tsc` (decision 058). The biggest programs start first; each program's output is printed whole,
 * in the order of the list, and any failure fails the run.
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = resolve(root, 'node_modules/typescript/bin/tsc');

/** Largest first, so the two compilers finish close together. */
export const PROJECTS = ['apps/web', 'tsconfig.node.json', 'e2e'] as const;

type Outcome = { project: string; code: number | null; output: string; seconds: number };

function check(project: string): Promise<Outcome> {
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn(process.execPath, [tsc, '-p', project, '--pretty'], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => done({ project, code, output, seconds: (performance.now() - started) / 1000 }));
  });
}

async function main(): Promise<void> {
  const queue = [...PROJECTS];
  const outcomes: Outcome[] = [];
  const worker = async () => {
    for (let project = queue.shift(); project; project = queue.shift()) outcomes.push(await check(project));
  };
  await Promise.all(Array.from({ length: Math.min(2, availableParallelism()) }, worker));

  let failed = 0;
  for (const project of PROJECTS) {
    const outcome = outcomes.find((candidate) => candidate.project === project) as Outcome;
    const verdict = outcome.code === 0 ? 'ok' : 'FAILED';
    process.stdout.write(`tsc -p ${project}: ${verdict} (${outcome.seconds.toFixed(1)} s)\n`);
    if (outcome.output.trim()) process.stdout.write(`${outcome.output.trimEnd()}\n`);
    if (outcome.code !== 0) failed += 1;
  }
  if (failed > 0) {
    process.stderr.write(`${failed} of ${PROJECTS.length} TypeScript projects have errors.\n`);
    process.exitCode = 1;
  }
}

await main();
