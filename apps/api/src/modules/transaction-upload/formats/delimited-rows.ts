import { FileFormatError, MAX_LINE_BYTES } from './parse-types';
import type { SheetRow, SheetTable } from './sheet';
import { type DecodedText, restoreUtf8 } from './text-decoding';

export type Delimiter = '\t' | ',' | ';';

/** A line before the header with nothing in it but blanks, delimiters and quotes (eBay's `""` or `,,,` first line). */
const EMPTY_RECORD = /^[\s,;"]*$/;

/**
 * Reads delimited text (Amazon's tab-separated .txt, CSV with commas or semicolons) row by row, holding no more than
 * the current record. The header is the first line with a value in it and decides the delimiter unless one is given.
 *
 * Commas and semicolons follow RFC 4180: a field in double quotes may hold the delimiter, doubled quotes and line
 * breaks. Tab-separated text has no quoting (IANA text/tab-separated-values), so a description such as `24" monitor`
 * stays as it is; only a field wrapped in quotes as a whole, as some tools write every field, is unwrapped. That keeps
 * the hot path of a million-row VTR at one `indexOf` and one `split` per line.
 */
export async function readDelimitedTable(text: DecodedText, delimiter?: Delimiter): Promise<SheetTable> {
  const iterator = text.chunks[Symbol.asyncIterator]();
  const reader = new RecordReader(iterator, text.holdsUtf8Bytes);
  const headerLine = await reader.nextHeaderLine();
  if (headerLine === undefined) throw new FileFormatError('empty-file', 'The file is empty: it has no header line.');
  const chosen = delimiter ?? detectDelimiter(headerLine.text);
  reader.delimiter = chosen;
  const header = reader.splitHeader(headerLine.text);
  if (header.length < 2) {
    throw new FileFormatError(
      'wrong-delimiter',
      `The header line has a single column when split at ${describeDelimiter(chosen)}: fields must be separated by ` +
        'tabs, commas or semicolons.',
      { delimiter: chosen },
    );
  }
  return {
    header,
    headerLineNumber: headerLine.lineNumber,
    serialDateSystem: null,
    hasStrictColumnCount: true,
    rows: reader.rows(),
    selectColumns: (indexes) => reader.selectColumns(header.length, indexes),
    holdsNul: text.holdsNul,
  };
}

function detectDelimiter(headerLine: string): Delimiter {
  const counts: [Delimiter, number][] = [
    ['\t', countOf(headerLine, '\t')],
    [';', countOf(headerLine, ';')],
    [',', countOf(headerLine, ',')],
  ];
  let best = counts[0] as [Delimiter, number];
  for (const entry of counts) if (entry[1] > best[1]) best = entry;
  if (best[1] === 0) {
    throw new FileFormatError(
      'wrong-delimiter',
      'The header line has a single column: fields must be separated by tabs, commas or semicolons.',
    );
  }
  return best[0];
}

function countOf(text: string, character: string): number {
  let count = 0;
  for (let index = text.indexOf(character); index !== -1; index = text.indexOf(character, index + 1)) count++;
  return count;
}

function describeDelimiter(delimiter: Delimiter): string {
  return delimiter === '\t' ? 'tabs' : delimiter === ',' ? 'commas' : 'semicolons';
}

function lineTooLong(lineNumber: number): FileFormatError {
  return new FileFormatError(
    'line-too-long',
    `Line ${lineNumber} is longer than ${MAX_LINE_BYTES} characters: the file is not a line-based sales report.`,
    { lineNumber, maxLineBytes: MAX_LINE_BYTES },
  );
}

type Line = { text: string; lineNumber: number; start: number };

class RecordReader {
  delimiter: Delimiter = '\t';
  /** Flags of the columns a mapper reads: the tab path slices only those out of each line. */
  private selected: Uint8Array | null = null;
  private emptyRow: string[] = [];
  private width = 0;
  /** Unconsumed text: the start of the record being read and what follows it. */
  private buffer = '';
  private position = 0;
  /** Physical line number of `buffer[position]`. */
  private lineNumber = 1;
  /** Where to continue looking for a line break in the pending line, so a long line is not scanned again. */
  private scanFrom = 0;
  private isExhausted = false;

  /**
   * @param holdsUtf8Bytes whether the text holds UTF-8 bytes (`DecodedText`): then every cell handed out is restored
   * (`restoreUtf8`), the header's and the rows'.
   */
  constructor(
    private readonly source: AsyncIterator<string>,
    private readonly holdsUtf8Bytes: () => boolean,
  ) {}

  /** The cells as the file's characters (`holdsUtf8Bytes`). */
  private restore(cells: string[]): string[] {
    return this.holdsUtf8Bytes() ? cells.map(restoreUtf8) : cells;
  }

  selectColumns(width: number, indexes: readonly number[]): void {
    this.width = width;
    this.selected = new Uint8Array(width);
    for (const index of indexes) if (index >= 0 && index < width) this.selected[index] = 1;
    this.emptyRow = new Array<string>(width).fill('');
  }

  /** Appends the next chunk, dropping what was consumed; false at the end of the input. */
  private async fill(): Promise<boolean> {
    if (this.isExhausted) return false;
    const next = await this.source.next();
    if (next.done) {
      this.isExhausted = true;
      return false;
    }
    if (this.position > 0) {
      this.scanFrom -= this.position;
      this.buffer = this.buffer.slice(this.position);
      this.position = 0;
    }
    this.buffer += next.value;
    return true;
  }

  /** The next complete physical line in the buffer (the last one may lack its line break once the input has
   * ended), or undefined when more input is needed; throws when the pending line grows too long. */
  private takeLine(): Line | undefined {
    const start = this.position;
    let end = this.buffer.indexOf('\n', Math.max(start, this.scanFrom));
    let next = end + 1;
    if (end === -1) {
      if (this.buffer.length - start > MAX_LINE_BYTES) throw lineTooLong(this.lineNumber);
      if (!this.isExhausted || start >= this.buffer.length) {
        this.scanFrom = this.buffer.length;
        return undefined;
      }
      end = this.buffer.length;
      next = end;
    }
    const lineEnd = end > start && this.buffer.charCodeAt(end - 1) === 13 ? end - 1 : end;
    const line = { text: this.buffer.slice(start, lineEnd), lineNumber: this.lineNumber, start };
    this.position = next;
    this.scanFrom = next;
    this.lineNumber++;
    return line;
  }

  async nextHeaderLine(): Promise<{ text: string; lineNumber: number } | undefined> {
    for (;;) {
      const line = this.takeLine();
      if (line !== undefined) {
        if (!EMPTY_RECORD.test(line.text)) return line;
      } else if (!(await this.fill()) && this.position >= this.buffer.length) {
        return undefined;
      }
    }
  }

  splitHeader(text: string): string[] {
    let cells: string[];
    if (!text.includes('"')) cells = text.split(this.delimiter);
    else if (this.delimiter === '\t') cells = text.split('\t').map(unwrapQuotedField);
    else cells = parseQuotedRecord(text, 0, this.delimiter, true)?.cells ?? text.split(this.delimiter);
    return this.restore(cells).map((cell) => cell.trim());
  }

  /** The data rows, a buffer's worth at a time: one await per chunk rather than per row keeps a million rows fast. */
  async *rows(): AsyncGenerator<SheetRow[]> {
    for (;;) {
      const rows: SheetRow[] = [];
      let openRecord: Line | undefined;
      for (let line = this.takeLine(); line !== undefined; line = this.takeLine()) {
        if (line.text.length === 0) continue;
        if (!line.text.includes('"')) {
          rows.push({ lineNumber: line.lineNumber, cells: this.split(line.text) });
        } else if (this.delimiter === '\t') {
          rows.push({ lineNumber: line.lineNumber, cells: this.restore(line.text.split('\t').map(unwrapQuotedField)) });
        } else {
          const parsed = parseQuotedRecord(this.buffer, line.start, this.delimiter, this.isExhausted);
          if (parsed === undefined) {
            openRecord = line;
            break;
          }
          rows.push({ lineNumber: line.lineNumber, cells: this.restore(parsed.cells) });
          this.lineNumber = line.lineNumber + parsed.lineBreaks;
          this.position = parsed.end;
          this.scanFrom = parsed.end;
        }
      }
      if (rows.length > 0) yield rows;
      if (openRecord !== undefined) {
        await this.continueOpenRecord(openRecord);
      } else if (this.isExhausted) {
        return;
      } else {
        await this.fill();
      }
    }
  }

  /**
   * A quoted field runs past the buffered text: rewinds to the record's start and appends input until a new line
   * break arrives (a record can only end at one), so the next round parses the record again, once, with it.
   */
  private async continueOpenRecord(record: Line): Promise<void> {
    this.position = record.start;
    this.lineNumber = record.lineNumber;
    if (this.buffer.length - this.position > MAX_LINE_BYTES) throw lineTooLong(record.lineNumber);
    if (this.isExhausted) {
      throw new FileFormatError(
        'truncated',
        `A quoted field that starts on line ${record.lineNumber} is never closed: the file was cut short or a quote ` +
          'is missing.',
        { lineNumber: record.lineNumber },
      );
    }
    for (;;) {
      const searchFrom = this.buffer.length - this.position;
      if (!(await this.fill())) break;
      if (this.buffer.indexOf('\n', this.position + searchFrom) !== -1) break;
      if (this.buffer.length - this.position > MAX_LINE_BYTES) break;
    }
    this.scanFrom = this.position;
  }

  /**
   * Splits an unquoted line, slicing out only the selected columns when the line has the header's width; only those
   * are restored (`holdsUtf8Bytes`), and only when they hold a byte above ASCII.
   */
  private split(text: string): string[] {
    const selected = this.selected;
    if (selected === null) return this.restore(text.split(this.delimiter));
    const cells = this.emptyRow.slice();
    const delimiter = this.delimiter;
    const isRestoring = this.holdsUtf8Bytes();
    let field = 0;
    let start = 0;
    // indexOf per field outruns a character loop several times over: the search runs natively.
    for (let end = text.indexOf(delimiter); ; end = text.indexOf(delimiter, start)) {
      if (selected[field] === 1) {
        const cell = end === -1 ? text.slice(start) : text.slice(start, end);
        cells[field] = isRestoring ? restoreUtf8(cell) : cell;
      }
      if (end === -1) break;
      field++;
      start = end + 1;
    }
    return field + 1 === this.width ? cells : this.restore(text.split(this.delimiter));
  }
}

function unwrapQuotedField(cell: string): string {
  if (cell.length >= 2 && cell.charCodeAt(0) === 34 && cell.charCodeAt(cell.length - 1) === 34) {
    return cell.slice(1, -1).replaceAll('""', '"');
  }
  return cell;
}

/**
 * One RFC 4180 record from `start`: its cells, where the next record starts and how many line breaks it spans; or
 * undefined when the text ends inside it (unless `isFinal`, when the end of the text ends the record — but never an
 * open quote, which stays undefined). `lineBreaks` counts the record's own line break too.
 */
function parseQuotedRecord(
  text: string,
  start: number,
  delimiter: ',' | ';',
  isFinal: boolean,
): { cells: string[]; end: number; lineBreaks: number } | undefined {
  const cells: string[] = [];
  const delimiterCode = delimiter.charCodeAt(0);
  let index = start;
  let lineBreaks = 0;
  for (;;) {
    if (text.charCodeAt(index) === 34) {
      const opening = index;
      let value = '';
      let segmentStart = index + 1;
      index++;
      for (;;) {
        const quote = text.indexOf('"', index);
        if (quote === -1) return undefined;
        if (text.charCodeAt(quote + 1) === 34) {
          value += text.slice(segmentStart, quote + 1);
          index = quote + 2;
          segmentStart = index;
          continue;
        }
        if (quote + 1 >= text.length && !isFinal) return undefined;
        value += text.slice(segmentStart, quote);
        index = quote + 1;
        break;
      }
      for (let scan = opening; scan < index; scan++) if (text.charCodeAt(scan) === 10) lineBreaks++;
      // Text between the closing quote and the next delimiter (`"a"b`) is kept, as spreadsheets do.
      let after = index;
      while (after < text.length) {
        const code = text.charCodeAt(after);
        if (code === delimiterCode || code === 10) break;
        after++;
      }
      value += text.slice(index, after).replace(/\r$/, '');
      cells.push(value);
      index = after;
    } else {
      let after = index;
      while (after < text.length) {
        const code = text.charCodeAt(after);
        if (code === delimiterCode || code === 10) break;
        after++;
      }
      cells.push(text.slice(index, after).replace(/\r$/, ''));
      index = after;
    }
    if (index >= text.length) {
      if (!isFinal) return undefined;
      return { cells, end: index, lineBreaks };
    }
    if (text.charCodeAt(index) === 10) return { cells, end: index + 1, lineBreaks: lineBreaks + 1 };
    index++;
  }
}
