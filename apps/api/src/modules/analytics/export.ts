import {
  ANALYTICS_BREAKDOWNS,
  type Analytics,
  type AnalyticsBreakdown,
  type AnalyticsLine,
  type Language,
} from '@vatlas/contract';
import { strToU8, zipSync } from 'fflate';

/** The exports speak each of the six interface languages. */
export type ExportLanguage = Language;

/** The texts of the exports in each language: headers, sheet names and the CSV's `breakdown` column. */
export const EXPORT_LABELS: Record<
  ExportLanguage,
  {
    breakdowns: Record<AnalyticsBreakdown, string>;
    csvHeader: readonly string[];
    sheetHeader: readonly string[];
    totals: string;
    total: string;
    from: string;
    to: string;
  }
> = {
  en: {
    breakdowns: {
      byMonth: 'Month',
      byCountry: 'Country',
      byArrivalCountry: 'Arrival country',
      byChannel: 'Channel',
      byRate: 'VAT rate',
    },
    csvHeader: ['breakdown', 'key', 'net_eur', 'vat_eur', 'gross_eur', 'transactions', 'unconverted_transactions'],
    sheetHeader: ['Key', 'Net (EUR)', 'VAT (EUR)', 'Gross (EUR)', 'Transactions', 'Unconverted transactions'],
    totals: 'Totals',
    total: 'Total',
    from: 'From',
    to: 'To',
  },
  de: {
    breakdowns: {
      byMonth: 'Monat',
      byCountry: 'Land',
      byArrivalCountry: 'Bestimmungsland',
      byChannel: 'Kanal',
      byRate: 'USt-Satz',
    },
    csvHeader: ['aufteilung', 'gruppe', 'netto_eur', 'ust_eur', 'brutto_eur', 'transaktionen', 'nicht_umgerechnet'],
    sheetHeader: [
      'Gruppe',
      'Netto (EUR)',
      'USt. (EUR)',
      'Brutto (EUR)',
      'Transaktionen',
      'Nicht umgerechnete Transaktionen',
    ],
    totals: 'Summen',
    total: 'Summe',
    from: 'Von',
    to: 'Bis',
  },
  fr: {
    breakdowns: {
      byMonth: 'Mois',
      byCountry: 'Pays',
      byArrivalCountry: 'Pays de destination',
      byChannel: 'Canal',
      byRate: 'Taux de TVA',
    },
    csvHeader: ['ventilation', 'cle', 'ht_eur', 'tva_eur', 'ttc_eur', 'transactions', 'non_converties'],
    sheetHeader: ['Clé', 'HT (EUR)', 'TVA (EUR)', 'TTC (EUR)', 'Transactions', 'Transactions non converties'],
    totals: 'Totaux',
    total: 'Total',
    from: 'Du',
    to: 'Au',
  },
  it: {
    breakdowns: {
      byMonth: 'Mese',
      byCountry: 'Paese',
      byArrivalCountry: 'Paese di destinazione',
      byChannel: 'Canale',
      byRate: 'Aliquota IVA',
    },
    csvHeader: ['suddivisione', 'chiave', 'netto_eur', 'iva_eur', 'lordo_eur', 'transazioni', 'non_convertite'],
    sheetHeader: ['Chiave', 'Netto (EUR)', 'IVA (EUR)', 'Lordo (EUR)', 'Transazioni', 'Transazioni non convertite'],
    totals: 'Totali',
    total: 'Totale',
    from: 'Dal',
    to: 'Al',
  },
  es: {
    breakdowns: {
      byMonth: 'Mes',
      byCountry: 'País',
      byArrivalCountry: 'País de destino',
      byChannel: 'Canal',
      byRate: 'Tipo de IVA',
    },
    csvHeader: ['desglose', 'clave', 'neto_eur', 'iva_eur', 'bruto_eur', 'transacciones', 'no_convertidas'],
    sheetHeader: ['Clave', 'Neto (EUR)', 'IVA (EUR)', 'Bruto (EUR)', 'Transacciones', 'Transacciones no convertidas'],
    totals: 'Totales',
    total: 'Total',
    from: 'Desde',
    to: 'Hasta',
  },
  pl: {
    breakdowns: {
      byMonth: 'Miesiąc',
      byCountry: 'Kraj',
      byArrivalCountry: 'Kraj przeznaczenia',
      byChannel: 'Kanał',
      byRate: 'Stawka VAT',
    },
    csvHeader: ['podzial', 'klucz', 'netto_eur', 'vat_eur', 'brutto_eur', 'transakcje', 'nieprzeliczone'],
    sheetHeader: ['Klucz', 'Netto (EUR)', 'VAT (EUR)', 'Brutto (EUR)', 'Transakcje', 'Nieprzeliczone transakcje'],
    totals: 'Sumy',
    total: 'Suma',
    from: 'Od',
    to: 'Do',
  },
};

/** Sheet names and the CSV's `breakdown` column in English, in the order of the page. */
export const BREAKDOWN_LABELS: Record<AnalyticsBreakdown, string> = EXPORT_LABELS.en.breakdowns;

const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * A text cell a spreadsheet would run as a formula (leading = + - @ TAB or CR) gets a leading apostrophe. Amounts are
 * not text: they are decimal strings we computed, checked against a strict pattern, so a refund's "-12.50" stays a
 * number.
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const lineCells = (line: AnalyticsLine) => [
  line.netEur,
  line.vatEur,
  line.grossEur,
  String(line.transactionCount),
  String(line.unconvertedCount),
];

function assertDecimal(value: string): string {
  if (!DECIMAL.test(value)) throw new Error(`not a decimal: ${value}`);
  return value;
}

/** RFC 4180 CSV, CRLF line ends: one row per line of every breakdown, then the totals. */
export function renderAnalyticsCsv(analytics: Analytics, language: ExportLanguage = 'en'): string {
  const labels = EXPORT_LABELS[language];
  const rows: string[][] = [[...labels.csvHeader]];
  for (const breakdown of ANALYTICS_BREAKDOWNS) {
    for (const line of analytics[breakdown]) {
      rows.push([
        labels.breakdowns[breakdown],
        neutraliseFormula(line.key ?? ''),
        ...lineCells(line).map(assertDecimal),
      ]);
    }
  }
  rows.push([labels.total, '', ...lineCells({ key: null, ...analytics.totals }).map(assertDecimal)]);
  return `${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

function escapeXml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

/** XML 1.0 allows no control characters but TAB, LF and CR: they are dropped from text cells. */
function withoutControlCharacters(text: string): string {
  return [...text]
    .filter((character) => {
      const code = character.charCodeAt(0);
      return code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
    })
    .join('');
}

function columnName(index: number): string {
  let name = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  }
  return name;
}

type Cell = { text: string } | { number: string };

function sheetXml(rows: readonly (readonly Cell[])[]): string {
  const body = rows
    .map((row, rowIndex) => {
      const cells = row
        .map((cell, columnIndex) => {
          const reference = `${columnName(columnIndex)}${rowIndex + 1}`;
          if ('number' in cell) return `<c r="${reference}"><v>${assertDecimal(cell.number)}</v></c>`;
          // Inline strings, formula-neutralised as in the CSV: a cell is never a formula in this file anyway (no <f>),
          // but a user copying the text into another sheet should not run it either.
          return `<c r="${reference}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(withoutControlCharacters(neutraliseFormula(cell.text)))}</t></is></c>`;
        })
        .join('');
      return `<row r="${rowIndex + 1}">${cells}</row>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}</sheetData></worksheet>`;
}

const sheetRow = (key: string, line: Omit<AnalyticsLine, 'key'>): Cell[] => [
  { text: key },
  { number: line.netEur },
  { number: line.vatEur },
  { number: line.grossEur },
  { number: String(line.transactionCount) },
  { number: String(line.unconvertedCount) },
];

/**
 * A minimal valid SpreadsheetML (Office Open XML) workbook: a `Totals` sheet, then one sheet per breakdown, amounts
 * as numeric cells (the decimal strings are written as they are, so no float ever rounds them here).
 */
export function renderAnalyticsXlsx(analytics: Analytics, language: ExportLanguage = 'en'): Uint8Array {
  const labels = EXPORT_LABELS[language];
  const SHEET_HEADER: Cell[] = labels.sheetHeader.map((text) => ({ text }));
  const sheets: { name: string; rows: Cell[][] }[] = [
    {
      name: labels.totals,
      rows: [
        [{ text: labels.from }, { text: analytics.from }],
        [{ text: labels.to }, { text: analytics.to }],
        SHEET_HEADER,
        sheetRow(labels.total, analytics.totals),
      ],
    },
    ...ANALYTICS_BREAKDOWNS.map((breakdown) => ({
      name: labels.breakdowns[breakdown],
      rows: [SHEET_HEADER, ...analytics[breakdown].map((line) => sheetRow(line.key ?? '', line))],
    })),
  ];
  const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
  const relationshipType = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const contentTypes = `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${sheets.map((_, index) => `<Override PartName="/xl/worksheets/sheet${index + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')}</Types>`;
  const rootRels = `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${relationshipType}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
  const workbook = `${xml}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${relationshipType}"><sheets>${sheets.map((sheet, index) => `<sheet name="${escapeXml(sheet.name)}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`).join('')}</sheets></workbook>`;
  const workbookRels = `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets.map((_, index) => `<Relationship Id="rId${index + 1}" Type="${relationshipType}/worksheet" Target="worksheets/sheet${index + 1}.xml"/>`).join('')}</Relationships>`;
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(contentTypes),
    '_rels/.rels': strToU8(rootRels),
    'xl/workbook.xml': strToU8(workbook),
    'xl/_rels/workbook.xml.rels': strToU8(workbookRels),
  };
  sheets.forEach((sheet, index) => {
    files[`xl/worksheets/sheet${index + 1}.xml`] = strToU8(sheetXml(sheet.rows));
  });
  return zipSync(files, { level: 6 });
}
