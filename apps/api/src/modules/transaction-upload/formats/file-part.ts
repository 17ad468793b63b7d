/**
 * A part of a file read on its own (decision 061): some of its lines, fed to a parser that numbers them as the whole
 * file does. Only what can be cut at any line break can be read so: tab-separated UTF-8 text, which has no quoting
 * (`delimited-rows.ts`). Anything else, and anything a part cannot tell alone (a row problem, a byte that is not
 * UTF-8), ends the part's reading with `PartNotReadableError`, and the file is read whole instead.
 */

/**
 * The line numbers of a part's text, given as the lines are fed: from the line taken after `linesBefore` of the part's
 * own lines on, lines are numbered from `lineNumber`. Jumps are added in order, each before the lines it numbers.
 */
export class LineNumbering {
  private readonly jumps: number[] = [];
  private next = 0;
  /** Lines of the part taken before the next jump: Infinity while none is known. */
  nextJumpAt = Number.POSITIVE_INFINITY;

  add(linesBefore: number, lineNumber: number): void {
    this.jumps.push(linesBefore, lineNumber);
    if (this.nextJumpAt === Number.POSITIVE_INFINITY) this.nextJumpAt = linesBefore;
  }

  /** The line number the next jump sets, which it then leaves behind. */
  take(): number {
    const lineNumber = this.jumps[this.next + 1] as number;
    this.next += 2;
    this.nextJumpAt = this.next < this.jumps.length ? (this.jumps[this.next] as number) : Number.POSITIVE_INFINITY;
    return lineNumber;
  }
}

/** What a part of a file is read with, besides its bytes. */
export type FilePart = { lineNumbers: LineNumbering };

/** The part cannot be read on its own: the file must be read whole, in one piece, to say what it holds. */
export class PartNotReadableError extends Error {
  constructor(reason: string) {
    super(`This part of the file cannot be read on its own: ${reason}`);
    this.name = 'PartNotReadableError';
  }
}
