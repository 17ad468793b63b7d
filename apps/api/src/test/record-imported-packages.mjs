/**
 * Module hooks for `startup-modules.test.ts`: they note the package of every bare specifier imported
 * ("@aws-sdk/client-s3", "stripe") and answer the list whenever the main thread asks on the port.
 */
const names = new Set();

export function initialize({ port }) {
  port.on('message', () => port.postMessage([...names]));
  port.unref();
}

export async function resolve(specifier, context, nextResolve) {
  // Bare specifiers only: not relative paths, nor URLs such as node: and file:.
  const match = specifier.includes(':') ? null : /^(@[^/]+\/[^/]+|[^./@][^/]*)/.exec(specifier);
  if (match) names.add(match[1]);
  return nextResolve(specifier, context);
}
