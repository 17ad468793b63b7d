/**
 * Module hooks for `startup-modules.test.ts`: every package a module imports, reported to the main thread as its
 * bare specifier's package name ("@aws-sdk/client-s3", "stripe").
 */
let port;

export function initialize(data) {
  port = data.port;
}

export async function resolve(specifier, context, nextResolve) {
  // Bare specifiers only: not relative paths, nor URLs such as node: and file:.
  const match = specifier.includes(':') ? null : /^(@[^/]+\/[^/]+|[^./@][^/]*)/.exec(specifier);
  if (match) port.postMessage(match[1]);
  return nextResolve(specifier, context);
}
