/**
 * Writes a synthetic Amazon VTR to a file and its expected totals beside it (`<out>.expected.json`):
 *
 *   node --import tsx apps/api/src/modules/transaction-upload/synthetic-vtr/cli.ts --rows 1000000 --seed 1 \
 *     --out /tmp/vtr.txt [--from 2024-01-01] [--to 2024-12-31] [--layout 92|95] [--csv] [--seller DE] [--stock DE,FR]
 *
 * `--help` lists the options. A wrong option exits with 2 and writes nothing; a failure while writing exits with 1 and
 * removes what was written.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { GENERATOR_USAGE, readGeneratorArguments } from './cli-arguments';
import { writeVtrFile } from './write-vtr';

async function main(): Promise<number> {
  const command = readGeneratorArguments(process.argv.slice(2));
  if (command.kind === 'help') {
    console.info(GENERATOR_USAGE);
    return 0;
  }
  if (command.kind === 'invalid') {
    console.error(`${command.message}\nNothing was written. --help lists the options.`);
    return 2;
  }
  const { out, options } = command;
  const started = performance.now();
  try {
    const { bytes, expected } = await writeVtrFile(options, out);
    writeFileSync(`${out}.expected.json`, `${JSON.stringify(expected, null, 2)}\n`);
    console.info(
      `${expected.rowCount} rows, ${bytes} bytes → ${out} (expected totals in ${out}.expected.json) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return 0;
  } catch (error) {
    rmSync(out, { force: true });
    rmSync(`${out}.expected.json`, { force: true });
    console.error(`${error instanceof Error ? error.message : String(error)}\nNothing was written.`);
    return 1;
  }
}

process.exitCode = await main();
