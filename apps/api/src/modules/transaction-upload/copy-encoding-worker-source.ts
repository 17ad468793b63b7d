import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';

/**
 * The COPY-encoding worker's code as one JavaScript module, bundled from its TypeScript once per process by esbuild
 * (the transformer tsx itself runs on) and started from a `data:` URL (decision 017). A worker that loaded the
 * TypeScript through a tsx loader of its own held 85 MiB before it read a byte; this one holds 29 MiB, and the worker
 * lives through every large import on PGlite, where it counts towards the server's peak memory (issue 5).
 */
const WORKER_ENTRY = fileURLToPath(new URL('./copy-encoding-worker.ts', import.meta.url));

/** Marks esbuild's own lookups of a package, so the plugin answering them does not ask itself again. */
const RESOLVING = Symbol('resolving a package');

/**
 * Our workspace packages (`@vatlas/*`, TypeScript sources) are bundled. Any other package stays an import of its own,
 * by the absolute URL of the installed file Node would load for it: a module from a `data:` URL resolves no bare
 * names. The bundle stays small (160 KB) and quick to build. It holds only the modules of a package the worker uses:
 * `@vatlas/domain` and `@vatlas/contract` declare no side effects (`sideEffects: false`), so the contract's other
 * schemas and the domain modules only they import, 95 KB that the worker evaluated and never used, are left out, and
 * the worker starts some 70 ms sooner.
 */
const packagesByFileUrl: Plugin = {
  name: 'packages-by-file-url',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === RESOLVING || args.path.startsWith('@vatlas/') || args.path.startsWith('node:')) {
        return undefined;
      }
      const resolved = await build.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: RESOLVING,
      });
      if (resolved.errors.length > 0 || resolved.external) return undefined;
      return { path: pathToFileURL(resolved.path).href, external: true };
    });
  },
};

async function bundleWorker(): Promise<URL> {
  const { build, stop } = await import('esbuild');
  const result = await build({
    entryPoints: [WORKER_ENTRY],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node}`,
    write: false,
    logLevel: 'silent',
    plugins: [packagesByFileUrl],
  }).finally(() => stop()); // esbuild's service process is not needed again: the bundle is kept.
  const code = result.outputFiles[0]?.text;
  if (!code) throw new Error('Bundling the COPY encoding worker produced no code');
  // Named for stack traces, which would otherwise carry the whole data: URL as the file's name.
  const named = `${code}\n//# sourceURL=vatlas-copy-encoding-worker.mjs\n`;
  return new URL(`data:text/javascript,${encodeURIComponent(named)}`);
}

let bundled: Promise<URL> | undefined;

/** The worker's module, bundled on first use (some hundred milliseconds) and kept for the life of the process. */
export function copyEncodingWorkerUrl(): Promise<URL> {
  bundled ??= bundleWorker().catch((error: unknown) => {
    // A failed bundle is not kept: the next import tries again.
    bundled = undefined;
    throw error;
  });
  return bundled;
}
