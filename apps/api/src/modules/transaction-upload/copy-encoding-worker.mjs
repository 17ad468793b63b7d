// The COPY-encoding worker's entry: a worker thread does not inherit the server's TypeScript loader, so it registers
// its own before it loads the TypeScript body.
import { register } from 'tsx/esm/api';

register();
await import('./copy-encoding-worker.ts');
