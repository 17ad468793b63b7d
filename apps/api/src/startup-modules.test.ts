import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * The packages a fresh node process imports while it loads the server's app (`app.ts`, everything a request can
 * reach) and its import worker (`import-worker.ts`, everything an import runs), as `npm start` loads them: through
 * tsx, with the recording hooks of test/record-imported-packages.mjs.
 */
function packagesImportedByTheApp(): Set<string> {
  const script = `
    import { once } from 'node:events';
    import { register } from 'node:module';
    import { MessageChannel } from 'node:worker_threads';
    const { port1, port2 } = new MessageChannel();
    register(${JSON.stringify(pathToFileURL(join(here, 'test/record-imported-packages.mjs')).href)}, {
      data: { port: port2 },
      transferList: [port2],
    });
    await import(${JSON.stringify(pathToFileURL(join(here, 'app.ts')).href)});
    await import(${JSON.stringify(pathToFileURL(join(here, 'modules/transaction-upload/import-worker.ts')).href)});
    port1.postMessage('list');
    const [names] = await once(port1, 'message');
    port1.close();
    process.stdout.write(JSON.stringify(names));
  `;
  const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: here,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Set(JSON.parse(output) as string[]);
}

describe('what the server loads at start', () => {
  it("leaves the optional SDKs and the import worker's bundler until first used: a server without them holds none of their modules", () => {
    const imported = packagesImportedByTheApp();
    // The recording sees the app's own imports: without it, this test proves nothing.
    expect(imported).toContain('fastify');
    expect(imported).toContain('zod');
    for (const optional of ['@aws-sdk/client-s3', 'stripe', 'pdf-lib', 'nodemailer', 'esbuild']) {
      expect(imported, optional).not.toContain(optional);
    }
  }, 60_000);
});
