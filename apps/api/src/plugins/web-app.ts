import { statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { hasWebBuild } from '../config';
import { toPath } from './errors';
import { guard } from './route-guard';

const NOT_BUILT_MESSAGE = 'The web app has not been built: run npm start';

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * Serves the built SPA with history fallback: a browser navigation to any client route gets
 * index.html. API and provider paths never fall back, so their 404s stay JSON.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: { webDistDir: string; reservedPrefixes: string[] },
): Promise<void> {
  const root = resolve(options.webDistDir);
  const isBuilt = hasWebBuild({ webDistDir: root });
  if (isBuilt) {
    // The build writes .br and .gz copies of its text files (apps/web/vite.config.ts); a browser that accepts one
    // gets it, any other the file itself.
    await app.register(fastifyStatic, { root, serve: false, preCompressed: true });
  } else {
    app.log.warn(`No web build in ${root}: SPA paths answer 503 until it is built (npm start builds it).`);
  }

  // The build's files carry their compressed copies (above); one too small to have any is sent as it is.
  app.get('/*', { config: guard('public'), schema: { hide: true }, compress: false }, async (request, reply) => {
    const path = toPath(request.url);
    const isReserved = options.reservedPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
    if (isReserved) return reply.callNotFound();
    if (!isBuilt) return reply.status(503).type('text/plain; charset=utf-8').send(NOT_BUILT_MESSAGE);

    let relative: string;
    try {
      relative = decodeURIComponent(path).replace(/^\/+/, '');
    } catch {
      return reply.callNotFound();
    }
    /** A file of the build, in the encoding the browser accepts: a cache keeps a copy per encoding. */
    const sendBuilt = (file: string, cacheControl: string) =>
      reply
        .header('cache-control', cacheControl)
        .header('vary', 'accept-encoding')
        .sendFile(file, { cacheControl: false });
    const absolute = resolve(root, relative);
    if (relative !== '' && absolute.startsWith(`${root}${sep}`) && isFile(absolute)) {
      // Vite fingerprints everything under assets/, so those never change under the same name.
      const isFingerprinted = relative.startsWith('assets/');
      return sendBuilt(relative, isFingerprinted ? 'public, max-age=31536000, immutable' : 'no-cache');
    }
    const accepts = request.headers.accept ?? '';
    if (!accepts.includes('text/html')) return reply.callNotFound();
    return sendBuilt('index.html', 'no-cache');
  });
}
