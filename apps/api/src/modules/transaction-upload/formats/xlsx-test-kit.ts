import { strToU8, zipSync } from 'fflate';

/** Test-only: small .xlsx workbooks written part by part, in transitional or strict OOXML. */

export type XlsxCell = string | number | boolean | { date: string } | null;

export type XlsxOptions = {
  namespaces?: 'transitional' | 'strict';
  date1904?: boolean;
  /** Strings inline in the cells instead of in the shared-strings part. */
  inlineStrings?: boolean;
  /** `excel`: worksheets before shared strings and styles, as Excel writes them; `parts-first`: the reverse. */
  order?: 'excel' | 'parts-first';
};

const NAMESPACES = {
  transitional: {
    main: 'http://schemas.openxmlformats.org/spreadsheetml/2006/main',
    relationships: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
  },
  strict: {
    main: 'http://purl.oclc.org/ooxml/spreadsheetml/main',
    relationships: 'http://purl.oclc.org/ooxml/officeDocument/relationships',
  },
} as const;

const DAY_MS = 86_400_000;

function serial(date: string, date1904: boolean): number {
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
  return (Date.parse(`${date}T00:00:00Z`) - epoch) / DAY_MS;
}

function escapeXml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

function columnName(index: number): string {
  let name = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  }
  return name;
}

/**
 * A workbook whose first sheet (by the workbook's order, stored as `sheet2.xml` to prove the order is read from the
 * workbook, not from file names) holds `rows`; a second sheet `Notes` holds text that must never appear.
 */
export function buildXlsx(rows: readonly (readonly XlsxCell[])[], options: XlsxOptions = {}): Uint8Array {
  const ns = NAMESPACES[options.namespaces ?? 'transitional'];
  // Strict files here use element prefixes, so the reader must match local names.
  const x = options.namespaces === 'strict' ? 'x:' : '';
  const xmlnsMain = options.namespaces === 'strict' ? `xmlns:x="${ns.main}"` : `xmlns="${ns.main}"`;
  const date1904 = options.date1904 === true;
  const sharedStrings: string[] = [];
  const sharedIndex = (text: string) => {
    const found = sharedStrings.indexOf(text);
    if (found !== -1) return found;
    sharedStrings.push(text);
    return sharedStrings.length - 1;
  };

  const sheetRows = rows
    .map((row, rowIndex) => {
      const cells = row
        .map((cell, columnIndex) => {
          const reference = `${columnName(columnIndex)}${rowIndex + 1}`;
          if (cell === null) return '';
          if (typeof cell === 'boolean') return `<${x}c r="${reference}" t="b"><${x}v>${cell ? 1 : 0}</${x}v></${x}c>`;
          if (typeof cell === 'number') return `<${x}c r="${reference}"><${x}v>${cell}</${x}v></${x}c>`;
          if (typeof cell === 'object') {
            return `<${x}c r="${reference}" s="1"><${x}v>${serial(cell.date, date1904)}</${x}v></${x}c>`;
          }
          if (options.inlineStrings) {
            return `<${x}c r="${reference}" t="inlineStr"><${x}is><${x}t>${escapeXml(cell)}</${x}t></${x}is></${x}c>`;
          }
          return `<${x}c r="${reference}" t="s"><${x}v>${sharedIndex(cell)}</${x}v></${x}c>`;
        })
        .join('');
      return `<${x}row r="${rowIndex + 1}">${cells}</${x}row>`;
    })
    .join('');

  const worksheet = (body: string) =>
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><${x}worksheet ${xmlnsMain}><${x}sheetData>${body}</${x}sheetData></${x}worksheet>`;
  const notesSheet = worksheet(
    `<${x}row r="1"><${x}c r="A1" t="inlineStr"><${x}is><${x}t>NOTES SHEET</${x}t></${x}is></${x}c></${x}row>`,
  );
  const sharedStringsXml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><${x}sst ${xmlnsMain} count="${sharedStrings.length}" uniqueCount="${sharedStrings.length}">${sharedStrings.map((text) => `<${x}si><${x}t xml:space="preserve">${escapeXml(text)}</${x}t></${x}si>`).join('')}</${x}sst>`;
  const stylesXml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><${x}styleSheet ${xmlnsMain}><${x}numFmts count="1"><${x}numFmt numFmtId="164" formatCode="dd/mm/yyyy;@"/></${x}numFmts><${x}cellXfs count="2"><${x}xf numFmtId="0"/><${x}xf numFmtId="164" applyNumberFormat="1"/></${x}cellXfs></${x}styleSheet>`;
  const workbookXml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><${x}workbook ${xmlnsMain} xmlns:r="${ns.relationships}">${date1904 ? `<${x}workbookPr date1904="1"/>` : `<${x}workbookPr/>`}<${x}sheets><${x}sheet name="Report" sheetId="1" r:id="rId2"/><${x}sheet name="Notes" sheetId="2" r:id="rId1"/></${x}sheets></${x}workbook>`;
  const relationship = (id: string, type: string, target: string) =>
    `<Relationship Id="${id}" Type="${ns.relationships}/${type}" Target="${target}"/>`;
  const workbookRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${relationship('rId1', 'worksheet', 'worksheets/sheet1.xml')}${relationship('rId2', 'worksheet', '/xl/worksheets/sheet2.xml')}${relationship('rId3', 'sharedStrings', 'sharedStrings.xml')}${relationship('rId4', 'styles', 'styles.xml')}</Relationships>`;
  const rootRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${relationship('rId1', 'officeDocument', 'xl/workbook.xml')}</Relationships>`;
  const contentTypes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>`;

  const parts: Record<string, string> = { '[Content_Types].xml': contentTypes, '_rels/.rels': rootRels };
  const sheets = { 'xl/worksheets/sheet1.xml': notesSheet, 'xl/worksheets/sheet2.xml': worksheet(sheetRows) };
  const support = { 'xl/sharedStrings.xml': sharedStringsXml, 'xl/styles.xml': stylesXml };
  const workbook = { 'xl/workbook.xml': workbookXml, 'xl/_rels/workbook.xml.rels': workbookRels };
  const ordered =
    options.order === 'parts-first'
      ? { ...parts, ...support, ...workbook, ...sheets }
      : { ...parts, ...workbook, ...sheets, ...support };
  return zipSync(Object.fromEntries(Object.entries(ordered).map(([name, text]) => [name, strToU8(text)])));
}
