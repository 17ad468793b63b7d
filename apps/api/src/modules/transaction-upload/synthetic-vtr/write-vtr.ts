import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import type { ExpectedTotals } from './expected-totals';
import { generateVtrChunks, type SyntheticVtrOptions } from './generate-vtr';

export type GeneratedVtrText = { text: string; expected: ExpectedTotals };

/** The whole report as one string: for small files in tests and the demo seed (a million rows would be ~450 MB). */
export function generateVtrText(options: SyntheticVtrOptions): GeneratedVtrText {
  const chunks = generateVtrChunks(options);
  let text = '';
  for (;;) {
    const step = chunks.next();
    if (step.done) return { text, expected: step.value };
    text += step.value;
  }
}

/**
 * Streams the report into `sink`, waiting for 'drain' whenever the sink's buffer is full, so memory stays flat
 * whatever the row count. Ends the sink; answers the bytes written (UTF-8) and the expectation.
 */
export async function writeVtr(
  options: SyntheticVtrOptions,
  sink: Writable,
): Promise<{ bytes: number; expected: ExpectedTotals }> {
  const chunks = generateVtrChunks(options);
  let bytes = 0;
  for (;;) {
    const step = chunks.next();
    if (step.done) {
      sink.end();
      await once(sink, 'finish');
      return { bytes, expected: step.value };
    }
    bytes += Buffer.byteLength(step.value);
    if (!sink.write(step.value)) await once(sink, 'drain');
  }
}

export function writeVtrFile(
  options: SyntheticVtrOptions,
  path: string,
): Promise<{ bytes: number; expected: ExpectedTotals }> {
  return writeVtr(options, createWriteStream(path));
}
