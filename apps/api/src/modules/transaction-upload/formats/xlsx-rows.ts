import { Inflate, Unzip, type UnzipFile } from 'fflate';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { serialToIsoDate } from './cell-values';
import { FileFormatError } from './parse-types';
import type { SheetRow, SheetTable } from './sheet';

/**
 * A streaming reader of the first worksheet of an .xlsx workbook: fflate unzips as the upload arrives and saxes parses
 * each part as it is inflated, so neither the zip nor the worksheet XML is ever whole in memory. Elements and
 * attributes are matched by local name, which reads transitional OOXML (schemas.openxmlformats.org) and strict OOXML
 * (purl.oclc.org) alike.
 *
 * Excel writes the shared strings and styles after the worksheets, and a cell cannot be read without them, so a
 * worksheet that arrives first is held compressed (a tenth of its XML) until they are in; that, and the shared
 * strings themselves, is what an xlsx costs in memory beyond the text formats.
 */

/** A held worksheet beyond this many compressed bytes is refused: such a file belongs in the text formats. */
const MAX_HELD_SHEET_BYTES = 256 * 1024 * 1024;

/** Excel's built-in number formats that show dates (ECMA-376 §18.8.30, plus the East Asian ones). */
const BUILT_IN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56,
  57, 58,
]);

type HeldSheet = {
  chunks: Uint8Array[];
  bytes: number;
  isComplete: boolean;
  isDeflated: boolean;
  /** Set once the worksheet can be read: the held chunks are fed there one by one (`replayNext`). */
  replaySink: ((raw: Uint8Array, isFinal: boolean) => void) | undefined;
  replayIndex: number;
};

const EMPTY = new Uint8Array(0);

type PartName = 'workbook' | 'workbook-rels' | 'shared-strings' | 'styles' | 'sheet';

export async function readXlsxTable(chunks: AsyncIterable<Uint8Array>): Promise<SheetTable> {
  const reader = new XlsxReader();
  const iterator = chunks[Symbol.asyncIterator]();
  let pending: SheetRow[] = [];
  let isDone = false;
  /** More rows into `pending`: from a held worksheet being replayed, else from the next chunk of the upload. */
  const pull = async (): Promise<boolean> => {
    if (!reader.replayNext()) {
      if (isDone) {
        reader.checkComplete();
        return false;
      }
      const next = await iterator.next();
      if (next.done) {
        isDone = true;
        reader.endInput();
      } else {
        reader.push(next.value);
      }
    }
    for (const row of reader.takeRows()) pending.push(row);
    return true;
  };

  let header: SheetRow | undefined;
  while (header === undefined) {
    const first = pending.findIndex((row) => row.cells.some((cell) => cell.trim() !== ''));
    if (first !== -1) {
      header = pending[first];
      pending = pending.slice(first + 1);
    } else {
      pending = [];
      if (!(await pull())) throw new FileFormatError('empty-file', 'The first worksheet of the workbook is empty.');
    }
  }
  const headerCells = header.cells.map((cell) => cell.trim());
  while (headerCells.length > 0 && headerCells.at(-1) === '') headerCells.pop();
  const width = headerCells.length;

  async function* rows(): AsyncGenerator<SheetRow[]> {
    for (;;) {
      if (pending.length > 0) {
        yield pending.map((row) => (row.cells.length >= width ? row : { ...row, cells: padCells(row.cells, width) }));
        pending = [];
      }
      if (!(await pull())) return;
    }
  }

  return {
    header: headerCells,
    headerLineNumber: header.lineNumber,
    serialDateSystem: reader.dateSystem,
    hasStrictColumnCount: false,
    holdsNul: () => reader.holdsNul,
    rows: rows(),
  };
}

function padCells(cells: readonly string[], width: number): string[] {
  const padded = [...cells];
  while (padded.length < width) padded.push('');
  return padded;
}

/** A part's XML parsed as its bytes arrive. */
class XmlPart {
  private readonly decoder = new TextDecoder('utf-8');
  private readonly parser = new SaxesParser();

  constructor(handlers: {
    open?: (name: string, attributes: Record<string, string>, tag: SaxesTagPlain) => void;
    close?: (name: string) => void;
    text?: (text: string) => void;
  }) {
    const { open, close, text } = handlers;
    if (open)
      this.parser.on('opentag', (tag) => open(localName(tag.name), tag.attributes as Record<string, string>, tag));
    if (close) this.parser.on('closetag', (tag) => close(localName(tag.name)));
    if (text) {
      this.parser.on('text', text);
      this.parser.on('cdata', text);
    }
  }

  write(bytes: Uint8Array): void {
    this.parser.write(this.decoder.decode(bytes, { stream: true }));
  }

  end(): void {
    this.parser.write(this.decoder.decode());
    this.parser.close();
  }
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

function attribute(attributes: Record<string, string>, name: string): string | undefined {
  for (const [key, value] of Object.entries(attributes)) if (localName(key) === name) return value;
  return undefined;
}

/** Column index (0-based) of a cell reference such as `AB12`. */
function columnIndex(reference: string): number {
  let index = 0;
  for (let position = 0; position < reference.length; position++) {
    const code = reference.charCodeAt(position);
    if (code < 65 || code > 90) break;
    index = index * 26 + (code - 64);
  }
  return index - 1;
}

/** Resolves a relationship target against the folder of the part that names it (`xl/`), or from the root (`/xl/…`). */
function resolveTarget(baseFolder: string, target: string): string {
  const segments = target.startsWith('/') ? [] : baseFolder.split('/').filter(Boolean);
  for (const segment of target.split('/')) {
    if (segment === '..') segments.pop();
    else if (segment !== '' && segment !== '.') segments.push(segment);
  }
  return segments.join('/');
}

/**
 * A spreadsheet number as the decimal Excel shows: 15 significant digits of the stored double (`0.1+0.2` is stored as
 * 0.30000000000000004 and shown, and meant, as 0.3). Only formats a cell's text; amounts are never computed here.
 */
function excelNumberText(text: string): string {
  const value = Number(text);
  if (!Number.isFinite(value)) return text;
  const fixed = Number(value.toPrecision(15));
  if (Number.isInteger(fixed) && Math.abs(fixed) < 1e21) return String(fixed);
  const exponential = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(fixed.toExponential());
  if (exponential === null) return String(fixed);
  const [, sign = '', first = '', rest = '', exponentText = '0'] = exponential;
  const digits = first + rest;
  const exponent = Number(exponentText);
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
  const fraction = digits.slice(exponent + 1);
  return fraction === '' ? `${sign}${whole}` : `${sign}${whole}.${fraction}`;
}

class XlsxReader {
  dateSystem: 1900 | 1904 = 1900;
  /** Whether a text read so far held U+0000: XML cannot, so only an `_x0000_` escape brings one (`decodeXstring`). */
  holdsNul = false;
  private readonly unzip: Unzip;
  private rows: SheetRow[] = [];
  private workbookPath: string | undefined;
  private firstSheetRelationId: string | undefined;
  private readonly targets = new Map<string, { type: string; path: string }>();
  private hasRelations = false;
  private sheetPath: string | undefined;
  private sharedStringsPath: string | null | undefined;
  private stylesPath: string | null | undefined;
  private readonly sharedStrings: string[] = [];
  private isSharedStringsDone = false;
  private isStylesDone = false;
  /** Whether each cell style (`s` attribute) shows a date. */
  private readonly dateStyles: boolean[] = [];
  /** Worksheets that arrived before it was known which is first, or before the parts their cells need. */
  private readonly heldSheets = new Map<string, HeldSheet>();
  private replaying: HeldSheet | undefined;
  private isSheetStarted = false;
  private isSheetDone = false;
  private isAnyEntry = false;

  constructor() {
    this.unzip = new Unzip((file) => this.onFile(file));
    // Compressed bytes are handed over raw, so a worksheet can be held compressed and inflated later.
    this.unzip.register(RawDeflate);
  }

  push(chunk: Uint8Array): void {
    try {
      this.unzip.push(chunk, false);
    } catch (error) {
      throw asXlsxError(error);
    }
  }

  endInput(): void {
    try {
      this.unzip.push(new Uint8Array(0), true);
    } catch (error) {
      throw asXlsxError(error);
    }
    if (!this.isAnyEntry) throw new FileFormatError('not-xlsx', 'The file starts like a zip archive but is not one.');
    if (this.workbookPath === undefined) {
      throw new FileFormatError('not-xlsx', 'The zip archive is not an Excel workbook: it has no workbook part.');
    }
  }

  /** At the end of the input and of any replay: the first worksheet must have been read to its end. */
  checkComplete(): void {
    if (this.sheetPath === undefined) {
      throw new FileFormatError(
        'unreadable-xlsx',
        'The workbook lists no worksheet, or its relationships are missing.',
      );
    }
    if (this.isSheetDone) return;
    const held = this.heldSheets.get(this.sheetPath);
    if (held?.isComplete && held.replaySink === undefined) {
      throw new FileFormatError(
        'unreadable-xlsx',
        'The workbook lacks the shared strings or styles that its first worksheet refers to.',
      );
    }
    throw new FileFormatError('truncated', 'The workbook ends before its first worksheet does: it was cut short.');
  }

  /**
   * Inflates and parses the next held chunk of a worksheet whose parts have arrived, one per call, so an Excel-ordered
   * workbook is read a chunk of rows at a time rather than all at once when its shared strings come in.
   */
  replayNext(): boolean {
    const held = this.replaying;
    if (held === undefined || held.replaySink === undefined) return false;
    if (held.replayIndex >= held.chunks.length) {
      if (held.isComplete) this.replaying = undefined;
      return false;
    }
    const chunk = held.chunks[held.replayIndex] as Uint8Array;
    held.chunks[held.replayIndex] = EMPTY;
    held.replayIndex++;
    held.bytes -= chunk.byteLength;
    held.replaySink(chunk, held.isComplete && held.replayIndex === held.chunks.length);
    if (held.isComplete && held.replayIndex === held.chunks.length) this.replaying = undefined;
    return true;
  }

  takeRows(): SheetRow[] {
    const rows = this.rows;
    this.rows = [];
    return rows;
  }

  private onFile(file: UnzipFile): void {
    this.isAnyEntry = true;
    const name = file.name.replace(/^\//, '');
    const kind = this.kindOf(name);
    if (kind === undefined) return;
    if (file.compression !== 0 && file.compression !== 8) {
      throw new FileFormatError('unreadable-xlsx', `The workbook part ${name} uses an unsupported compression.`);
    }
    const isDeflated = file.compression === 8;
    if (kind === 'sheet' && !this.canReadSheet(name)) {
      const held: HeldSheet = {
        chunks: [],
        bytes: 0,
        isComplete: false,
        isDeflated,
        replaySink: undefined,
        replayIndex: 0,
      };
      this.heldSheets.set(name, held);
      file.ondata = (error, raw, isFinal) => {
        if (error) throw asXlsxError(error);
        held.chunks.push(raw.slice());
        held.bytes += raw.byteLength;
        held.isComplete = isFinal;
        if (held.bytes > MAX_HELD_SHEET_BYTES) {
          throw new FileFormatError(
            'unreadable-xlsx',
            'The worksheet is too large to read before its shared strings: save the sheet as CSV instead.',
          );
        }
        if (isFinal) this.startSheetIfReady();
      };
      file.start();
      return;
    }
    const part = kind === 'sheet' ? this.openSheet() : this.openPart(kind, name);
    const sink = isDeflated ? inflating(part) : passing(part);
    file.ondata = (error, raw, isFinal) => {
      if (error) throw asXlsxError(error);
      sink(raw, isFinal);
    };
    file.start();
  }

  private kindOf(name: string): PartName | undefined {
    if (this.workbookPath === undefined && /(^|\/)workbook\d*\.xml$/.test(name)) {
      this.workbookPath = name;
      return 'workbook';
    }
    if (/(^|\/)_rels\/workbook\d*\.xml\.rels$/.test(name)) return 'workbook-rels';
    if (name === this.sharedStringsPath) return 'shared-strings';
    if (name === this.stylesPath) return 'styles';
    if (this.sheetPath !== undefined) return name === this.sheetPath ? 'sheet' : undefined;
    if (/(^|\/)worksheets\/[^/]+\.xml$/.test(name)) return 'sheet';
    // Before the relationships are read, shared strings and styles are known by their usual names only.
    if (!this.hasRelations && /(^|\/)sharedStrings\d*\.xml$/.test(name)) return 'shared-strings';
    if (!this.hasRelations && /(^|\/)styles\d*\.xml$/.test(name)) return 'styles';
    return undefined;
  }

  /** A worksheet can be parsed as it arrives once it is known to be the first and the parts its cells need are in. */
  private canReadSheet(name: string): boolean {
    return (
      this.sheetPath === name &&
      (this.sharedStringsPath === null || this.isSharedStringsDone) &&
      (this.stylesPath === null || this.isStylesDone) &&
      !this.isSheetStarted
    );
  }

  private startSheetIfReady(): void {
    if (this.sheetPath === undefined || this.isSheetStarted) return;
    const held = this.heldSheets.get(this.sheetPath);
    if (held === undefined || !this.canReadSheet(this.sheetPath)) return;
    held.replaySink = held.isDeflated ? inflating(this.openSheet()) : passing(this.openSheet());
    this.replaying = held;
  }

  private openPart(kind: Exclude<PartName, 'sheet'>, name: string): XmlPart {
    switch (kind) {
      case 'workbook':
        return this.workbookPart(name);
      case 'workbook-rels':
        return this.relationsPart(name);
      case 'shared-strings':
        return this.sharedStringsPart();
      case 'styles':
        return this.stylesPart();
    }
  }

  private workbookPart(name: string): XmlPart {
    this.workbookPath = name;
    return new XmlPart({
      open: (element, attributes) => {
        if (element === 'workbookPr') {
          const flag = attribute(attributes, 'date1904');
          if (flag === '1' || flag === 'true') this.dateSystem = 1904;
        } else if (element === 'sheet' && this.firstSheetRelationId === undefined) {
          this.firstSheetRelationId = attribute(attributes, 'id');
        }
      },
      close: (element) => {
        if (element === 'workbook') this.resolveParts();
      },
    });
  }

  private relationsPart(name: string): XmlPart {
    const baseFolder = name.replace(/_rels\/[^/]+$/, '');
    return new XmlPart({
      open: (element, attributes) => {
        if (element !== 'Relationship') return;
        const id = attribute(attributes, 'Id');
        const target = attribute(attributes, 'Target');
        const type = attribute(attributes, 'Type') ?? '';
        if (id === undefined || target === undefined) return;
        this.targets.set(id, { type: type.slice(type.lastIndexOf('/') + 1), path: resolveTarget(baseFolder, target) });
      },
      close: (element) => {
        if (element !== 'Relationships') return;
        this.hasRelations = true;
        this.resolveParts();
      },
    });
  }

  /** Once the workbook and its relationships are read: which parts to read, and which held worksheet is first. */
  private resolveParts(): void {
    if (!this.hasRelations || this.firstSheetRelationId === undefined) return;
    const byType = (type: string) => [...this.targets.values()].find((target) => target.type === type)?.path ?? null;
    this.sheetPath = this.targets.get(this.firstSheetRelationId)?.path;
    if (!this.isSharedStringsDone) this.sharedStringsPath = byType('sharedStrings');
    if (!this.isStylesDone) this.stylesPath = byType('styles');
    for (const name of this.heldSheets.keys()) if (name !== this.sheetPath) this.heldSheets.delete(name);
    this.startSheetIfReady();
  }

  private sharedStringsPart(): XmlPart {
    let current = '';
    let depthInPhonetic = 0;
    let isInText = false;
    return new XmlPart({
      open: (element) => {
        if (element === 'si') current = '';
        else if (element === 'rPh') depthInPhonetic++;
        else if (element === 't' && depthInPhonetic === 0) isInText = true;
      },
      text: (text) => {
        if (isInText) current += text;
      },
      close: (element) => {
        if (element === 't') isInText = false;
        else if (element === 'rPh') depthInPhonetic--;
        else if (element === 'si') this.sharedStrings.push(this.decodeText(current));
        else if (element === 'sst') {
          this.isSharedStringsDone = true;
          this.startSheetIfReady();
        }
      },
    });
  }

  private stylesPart(): XmlPart {
    const customDateFormats = new Set<number>();
    let isInCellFormats = false;
    return new XmlPart({
      open: (element, attributes) => {
        if (element === 'numFmt') {
          const id = Number(attribute(attributes, 'numFmtId'));
          if (isDateFormatCode(attribute(attributes, 'formatCode') ?? '')) customDateFormats.add(id);
        } else if (element === 'cellXfs') {
          isInCellFormats = true;
        } else if (element === 'xf' && isInCellFormats) {
          const id = Number(attribute(attributes, 'numFmtId') ?? '0');
          this.dateStyles.push(BUILT_IN_DATE_FORMATS.has(id) || customDateFormats.has(id));
        }
      },
      close: (element) => {
        if (element === 'cellXfs') isInCellFormats = false;
        else if (element === 'styleSheet') {
          this.isStylesDone = true;
          this.startSheetIfReady();
        }
      },
    });
  }

  private openSheet(): XmlPart {
    this.isSheetStarted = true;
    let cells: string[] = [];
    let rowNumber = 0;
    let nextColumn = 0;
    let column = 0;
    let type = 'n';
    let style = 0;
    let value = '';
    let isCollecting = false;
    let isInInlineString = false;
    return new XmlPart({
      open: (element, attributes) => {
        switch (element) {
          case 'row': {
            const number = Number(attribute(attributes, 'r'));
            rowNumber = Number.isInteger(number) && number > 0 ? number : rowNumber + 1;
            cells = [];
            nextColumn = 0;
            break;
          }
          case 'c': {
            const reference = attribute(attributes, 'r');
            column = reference === undefined ? nextColumn : columnIndex(reference);
            nextColumn = column + 1;
            type = attribute(attributes, 't') ?? 'n';
            style = Number(attribute(attributes, 's') ?? '0');
            value = '';
            break;
          }
          case 'v':
            isCollecting = true;
            break;
          case 'is':
            isInInlineString = true;
            break;
          case 't':
            if (isInInlineString) isCollecting = true;
            break;
        }
      },
      text: (text) => {
        if (isCollecting) value += text;
      },
      close: (element) => {
        switch (element) {
          case 'v':
          case 't':
            isCollecting = false;
            break;
          case 'is':
            isInInlineString = false;
            break;
          case 'c':
            while (cells.length < column) cells.push('');
            cells[column] = this.cellText(type, style, value);
            break;
          case 'row':
            this.rows.push({ lineNumber: rowNumber, cells });
            break;
          case 'worksheet':
            this.isSheetDone = true;
            break;
        }
      },
    });
  }

  private decodeText(text: string): string {
    const decoded = decodeXstring(text);
    if (decoded !== text && decoded.includes('\u0000')) this.holdsNul = true;
    return decoded;
  }

  private cellText(type: string, style: number, value: string): string {
    switch (type) {
      case 's':
        return this.sharedStrings[Number(value)] ?? '';
      case 'b':
        return value === '1' ? 'TRUE' : 'FALSE';
      case 'inlineStr':
      case 'str':
        return this.decodeText(value);
      case 'e':
        return value;
      case 'd':
        return value.slice(0, 10);
      default: {
        if (value === '') return '';
        if (this.dateStyles[style] === true) return serialToIsoDate(value, this.dateSystem) ?? excelNumberText(value);
        return excelNumberText(value);
      }
    }
  }
}

const XSTRING_ESCAPE = /_x([0-9A-Fa-f]{4})_/g;

/**
 * The text of a string cell, an ST_Xstring (ECMA-376 Part 1, §22.9.2.19). Excel writes a character that XML cannot
 * hold (U+0000 and most other control characters) as `_xHHHH_`, its UTF-16 code unit in hex, and a carriage return
 * often so too; text that itself reads `_xHHHH_` has its underscore escaped, `_x005F_xHHHH_`. One pass from the left
 * undoes both: the text after an escape is not looked at again.
 */
export function decodeXstring(text: string): string {
  if (!text.includes('_x')) return text;
  return text.replace(XSTRING_ESCAPE, (_escape, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** A number format code that shows a date: d, m or y outside quoted text, escapes and [colour]/[locale] sections. */
function isDateFormatCode(code: string): boolean {
  const bare = code.replace(/"[^"]*"|\\.|\[[^\]]*\]/g, '');
  return /[dy]|m(?!.*[hs])/i.test(bare) && !/^general$/i.test(bare);
}

/** Hands compressed entry data through unchanged: the reader inflates (or holds) it itself. */
class RawDeflate {
  static compression = 8;
  ondata: (error: Error | null, data: Uint8Array, isFinal: boolean) => void = () => {};

  push(chunk: Uint8Array, isFinal: boolean): void {
    this.ondata(null, chunk, isFinal);
  }
}

function inflating(part: XmlPart): (raw: Uint8Array, isFinal: boolean) => void {
  const inflate = new Inflate((data, isFinal) => {
    part.write(data);
    if (isFinal) part.end();
  });
  return (raw, isFinal) => {
    try {
      inflate.push(raw, isFinal);
    } catch (error) {
      throw asXlsxError(error);
    }
  };
}

function passing(part: XmlPart): (raw: Uint8Array, isFinal: boolean) => void {
  return (raw, isFinal) => {
    part.write(raw);
    if (isFinal) part.end();
  };
}

function asXlsxError(error: unknown): Error {
  if (error instanceof FileFormatError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/unexpected EOF|invalid zip|end of/i.test(message)) {
    return new FileFormatError('truncated', 'The workbook ends in the middle of a part: it was cut short.');
  }
  return new FileFormatError('unreadable-xlsx', `The workbook cannot be read: ${message}.`);
}
