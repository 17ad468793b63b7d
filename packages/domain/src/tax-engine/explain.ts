import { money } from '../money';
import type { CompanyTaxProfile } from '../transactions/company-tax-profile';
import type { NormalizedTransaction } from '../transactions/normalized-transaction';
import { countryName, type ExplanationLanguage } from './country-names';
import { OSS_THRESHOLD_EUR, type OssThresholdYear, taxedAtDestination } from './threshold';
import type { TransactionTreatment } from './treatment';

/** A stored row as the explanation needs it: its treatment and the facts the rules looked at. */
export type ExplainableRow = { treatment: TransactionTreatment } & Pick<
  NormalizedTransaction,
  | 'lineNumber'
  | 'type'
  | 'taxPointDate'
  | 'departureCountry'
  | 'arrivalCountry'
  | 'vatRate'
  | 'buyerVatNumber'
  | 'taxReportingScheme'
>;

/** The company and, for distance sales outside OSS, the threshold result of the row's year. */
export type ExplanationContext = {
  profile: Pick<CompanyTaxProfile, 'establishmentCountry' | 'oss' | 'ioss'>;
  threshold: OssThresholdYear | undefined;
};

const LABELS: Record<ExplanationLanguage, Record<TransactionTreatment, string>> = {
  en: {
    'domestic-sale': 'Domestic sale',
    'intra-eu-distance-sale': 'EU distance sale',
    'intra-eu-b2b-supply': 'Intra-EU B2B supply',
    export: 'Export',
    'import-ioss': 'Import (IOSS)',
    import: 'Import',
    'own-goods-transfer': 'Transfer of own goods',
    'non-eu-movement': 'Movement across the EU border',
    'inbound-movement': 'Inbound stock',
    'return-movement': 'Customer return',
    'domestic-movement': 'Stock movement within a country',
    'marketplace-deemed-supplier': 'Marketplace is deemed supplier',
    donation: 'Donation',
    'commingling-purchase': 'Commingling purchase',
    unclassified: 'Not classified',
  },
  de: {
    'domestic-sale': 'Inlandsverkauf',
    'intra-eu-distance-sale': 'Innergemeinschaftlicher Fernverkauf',
    'intra-eu-b2b-supply': 'Innergemeinschaftliche Lieferung (B2B)',
    export: 'Ausfuhr',
    'import-ioss': 'Einfuhr (IOSS)',
    import: 'Einfuhr',
    'own-goods-transfer': 'Verbringen eigener Ware',
    'non-eu-movement': 'Warenbewegung über die EU-Grenze',
    'inbound-movement': 'Wareneingang',
    'return-movement': 'Kundenrücksendung',
    'domestic-movement': 'Lagerumbuchung im Inland',
    'marketplace-deemed-supplier': 'Marktplatz ist fiktiver Lieferer',
    donation: 'Spende',
    'commingling-purchase': 'Commingling-Einkauf',
    unclassified: 'Nicht zugeordnet',
  },
};

export function treatmentLabel(treatment: TransactionTreatment, language: ExplanationLanguage): string {
  return LABELS[language][treatment];
}

/**
 * Why a row has its treatment and where its VAT is declared, in one or two sentences naming the countries, the rate
 * the file applied, the scheme and the rule. German texts address the reader formally, as the rest of the app does.
 */
export function explainTransaction(
  row: ExplainableRow,
  context: ExplanationContext,
  language: ExplanationLanguage,
): string {
  const text = language === 'de' ? GERMAN : ENGLISH;
  const facts = factsOf(row, context, language);
  const explanation = text[row.treatment](facts);
  return row.type === 'REFUND' || row.type === 'LIQUIDATION_REFUND' ? `${text.refund} ${explanation}` : explanation;
}

// ---- the facts a sentence names ----------------------------------------------------------------------------------

type Facts = {
  row: ExplainableRow;
  /** Country names, '?' where the file has none. */
  from: string;
  to: string;
  /** "20%" / "20 %", or undefined without a rate. */
  rate: string | undefined;
  establishment: string;
  oss: { memberState: string; from: string } | undefined;
  ioss: { memberState: string; from: string } | undefined;
  /** For a distance sale outside OSS: whether, and why, it is taxed at destination. */
  destination: { taxed: boolean; reason: 'not-from-establishment' | 'previous-year' | 'crossed' | 'below' };
  threshold: OssThresholdYear | undefined;
  language: ExplanationLanguage;
};

function factsOf(row: ExplainableRow, context: ExplanationContext, language: ExplanationLanguage): Facts {
  const name = (code: string | null) => (code === null ? '?' : countryName(code, language));
  const { profile, threshold } = context;
  const registration = (scheme: { memberState: string; from: string } | null) =>
    scheme === null || scheme.from > row.taxPointDate
      ? undefined
      : { memberState: name(scheme.memberState), from: formatDate(scheme.from, language) };
  return {
    row,
    from: name(row.departureCountry),
    to: name(row.arrivalCountry),
    rate: row.vatRate === null ? undefined : formatRate(row.vatRate, language),
    establishment: name(profile.establishmentCountry),
    oss: registration(profile.oss),
    ioss: registration(profile.ioss),
    destination: destinationOf(row, profile, threshold),
    threshold,
    language,
  };
}

function destinationOf(
  row: ExplainableRow,
  profile: ExplanationContext['profile'],
  threshold: OssThresholdYear | undefined,
): Facts['destination'] {
  const taxed = taxedAtDestination(
    { date: row.taxPointDate, departureCountry: row.departureCountry },
    profile,
    threshold,
  );
  if (!taxed) return { taxed, reason: 'below' };
  if (row.departureCountry !== profile.establishmentCountry) return { taxed, reason: 'not-from-establishment' };
  return { taxed, reason: threshold?.exceededPreviousYear ? 'previous-year' : 'crossed' };
}

const MONTHS: Record<ExplanationLanguage, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  de: ['Jan.', 'Feb.', 'März', 'Apr.', 'Mai', 'Juni', 'Juli', 'Aug.', 'Sept.', 'Okt.', 'Nov.', 'Dez.'],
};

/** "1 Jul 2021" / "1. Juli 2021". */
function formatDate(date: string, language: ExplanationLanguage): string {
  const day = Number(date.slice(8, 10));
  const month = MONTHS[language][Number(date.slice(5, 7)) - 1];
  return language === 'de' ? `${day}. ${month} ${date.slice(0, 4)}` : `${day} ${month} ${date.slice(0, 4)}`;
}

/** A fraction as a percentage: 0.055 → "5.5%" / "5,5 %". */
function formatRate(fraction: string, language: ExplanationLanguage): string {
  const percent = money(fraction).times(100).toFixed();
  return language === 'de' ? `${percent.replace('.', ',')} %` : `${percent}%`;
}

/** "€10,350.00" / "10.350,00 €". */
function formatEuro(amount: string, language: ExplanationLanguage): string {
  const [whole = '0', cents = '00'] = money(amount).toFixed(2).split('.');
  const separator = language === 'de' ? '.' : ',';
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
  return language === 'de' ? `${grouped},${cents} €` : `€${grouped}.${cents}`;
}

/** English wants "the Netherlands", "the United Kingdom"; the rest take no article. */
function withArticle(name: string): string {
  return name === 'Netherlands' || name === 'United Kingdom' ? `the ${name}` : name;
}

// ---- the sentences ---------------------------------------------------------------------------------------------

type Sentences = Record<TransactionTreatment, (facts: Facts) => string> & { refund: string };

const ENGLISH: Sentences = {
  refund: 'Refund: it reverses the original sale and takes its treatment, so it reduces the same return.',
  'domestic-sale': ({ from, rate }) =>
    `Sale within ${withArticle(from)}: the goods left from and arrived in ${withArticle(from)}, so VAT of ${withArticle(from)}${rate ? ` at ${rate}` : ''} is declared in the VAT return of ${withArticle(from)}.`,
  'intra-eu-distance-sale': (facts) => {
    const { from, to, rate, oss, destination, threshold, language } = facts;
    const sale = `Distance sale from ${withArticle(from)} to a consumer in ${withArticle(to)}`;
    const vatOf = (country: string) => `VAT of ${withArticle(country)}${rate ? ` at ${rate}` : ''}`;
    if (oss) {
      return `${sale}; OSS registered since ${oss.from}, so ${vatOf(to)} is declared in the OSS return of ${withArticle(oss.memberState)}.`;
    }
    const limit = formatEuro(OSS_THRESHOLD_EUR, language);
    switch (destination.reason) {
      case 'below':
        return `${sale}; the company's EU distance sales of ${threshold?.year ?? facts.row.taxPointDate.slice(0, 4)} had not exceeded ${limit} by this supply (whole year: ${formatEuro(threshold?.distanceSalesEur ?? '0', language)}), so ${vatOf(from)} applies and is declared in the VAT return of ${withArticle(from)} (Art. 59c).`;
      case 'crossed':
        return `${sale}; the ${limit} threshold for EU distance sales was exceeded on ${formatDate(threshold?.crossedOn ?? facts.row.taxPointDate, language)}, so from that supply on ${vatOf(to)} applies, declared in a VAT return of ${withArticle(to)} (registration needed there; OSS would avoid it).`;
      case 'previous-year':
        return `${sale}; the ${limit} threshold for EU distance sales was exceeded in ${(threshold?.year ?? 0) - 1}, so all of this year's distance sales are taxed where they arrive: ${vatOf(to)}, declared in a VAT return of ${withArticle(to)} (registration needed there; OSS would avoid it).`;
      case 'not-from-establishment':
        return `${sale}; the goods leave from ${withArticle(from)}, not from the country of establishment (${withArticle(facts.establishment)}), so the ${limit} threshold does not apply and ${vatOf(to)} is declared in a VAT return of ${withArticle(to)} (registration needed there; OSS would avoid it).`;
    }
  },
  'intra-eu-b2b-supply': ({ from, to, row }) =>
    `Intra-Community supply from ${withArticle(from)} to a business in ${withArticle(to)} with VAT number ${row.buyerVatNumber ?? '?'}: zero-rated (Art. 138), declared as zero-rated turnover in the VAT return and the EC sales list of ${withArticle(from)}; the customer accounts for the VAT in ${withArticle(to)}.`,
  export: ({ from, to }) =>
    `Export from ${withArticle(from)} to ${withArticle(to)}: the goods leave the VAT area, so the sale is zero-rated (Art. 146) and declared as zero-rated turnover in the VAT return of ${withArticle(from)}; import VAT and duties are due on arrival.`,
  'import-ioss': ({ from, to, rate, ioss }) =>
    `Import of a consignment of at most €150 from ${withArticle(from)} to a consumer in ${withArticle(to)}: VAT of ${withArticle(to)}${rate ? ` at ${rate}` : ''} is charged at the sale and declared in the monthly IOSS return${ioss ? ` (IOSS registered in ${withArticle(ioss.memberState)} since ${ioss.from})` : ', but the company profile has no IOSS registration for this date'}; the goods clear customs without import VAT.`,
  import: ({ from, to, rate }) =>
    rate !== undefined && rate !== '0%'
      ? `Sale from ${withArticle(from)} to a customer in ${withArticle(to)}, not under IOSS, with VAT of ${withArticle(to)} at ${rate}: the company imports the goods itself and declares the sale in a VAT return of ${withArticle(to)} (Art. 32; registration needed there).`
      : `Sale from ${withArticle(from)} to a customer in ${withArticle(to)}, not under IOSS and without VAT: the customer imports the goods and pays import VAT at the border; nothing is declared in the company's returns.`,
  'own-goods-transfer': ({ from, to }) =>
    `Own goods moved from ${withArticle(from)} to ${withArticle(to)}: a deemed intra-Community supply, zero-rated in the VAT return and listed in the EC sales list of ${withArticle(from)} (Art. 17), and an intra-Community acquisition in ${withArticle(to)} (Art. 21), where the company must be registered; the acquisition VAT is deducted in the same return.`,
  'non-eu-movement': ({ from, to }) =>
    `Own goods moved from ${withArticle(from)} to ${withArticle(to)} across the EU border: an export and an import of own goods handled by customs, not in a VAT return.`,
  'inbound-movement': ({ to }) => `Stock arriving in ${withArticle(to)}: no supply, so no VAT.`,
  // The row carries the sale leg (stock → buyer, research §3a); the goods travel back the other way.
  'return-movement': ({ from, to }) =>
    `Goods sent back by the customer from ${withArticle(to)} to ${withArticle(from)}: a movement, not a supply, so no VAT; the refund row carries the amounts.`,
  'domestic-movement': ({ from }) => `Stock moved within ${withArticle(from)}: no supply, so no VAT.`,
  'marketplace-deemed-supplier': ({ row }) =>
    `The marketplace is the deemed supplier${row.taxReportingScheme ? ` (scheme ${row.taxReportingScheme})` : ''}: it charges, declares and pays this VAT (Art. 14a), so the company has nothing to remit for this sale.`,
  donation: ({ from, rate }) =>
    `Goods donated from ${withArticle(from)}: a free supply treated as a supply for consideration (Art. 16), taxed in ${withArticle(from)}${rate ? ` at ${rate}` : ''} on the value in the file and declared in the VAT return of ${withArticle(from)}.`,
  'commingling-purchase': () =>
    'Units bought under Amazon’s commingling program: a purchase, not a sale, so there is no VAT to declare on it.',
  unclassified: ({ row }) =>
    `The file does not say where the goods left from or arrived (line ${row.lineNumber}), so no rule can be applied and the row is in no return; please check it.`,
};

const GERMAN: Sentences = {
  refund:
    'Erstattung: Sie kehrt den ursprünglichen Verkauf um und folgt dessen Behandlung, mindert also dieselbe Erklärung.',
  'domestic-sale': ({ from, rate }) =>
    `Verkauf im Inland (Abgang und Ankunft: ${from}): Umsatzsteuer von ${from}${rate ? ` zu ${rate}` : ''}, erklärt in der Umsatzsteuererklärung von ${from}.`,
  'intra-eu-distance-sale': (facts) => {
    const { from, to, rate, oss, destination, threshold, language } = facts;
    const sale = `Fernverkauf an eine Privatperson (Abgang: ${from}, Bestimmung: ${to})`;
    const vatOf = (country: string) => `Umsatzsteuer von ${country}${rate ? ` zu ${rate}` : ''}`;
    if (oss) {
      return `${sale}; OSS-registriert seit ${oss.from}, daher wird die ${vatOf(to)} in der OSS-Erklärung in ${oss.memberState} erklärt.`;
    }
    const limit = formatEuro(OSS_THRESHOLD_EUR, language);
    switch (destination.reason) {
      case 'below':
        return `${sale}; die EU-Fernverkäufe des Unternehmens im Jahr ${threshold?.year ?? facts.row.taxPointDate.slice(0, 4)} hatten die Schwelle von ${limit} bis zu dieser Lieferung nicht überschritten (ganzes Jahr: ${formatEuro(threshold?.distanceSalesEur ?? '0', language)}), daher gilt die ${vatOf(from)}, erklärt in der Umsatzsteuererklärung von ${from} (Art. 59c).`;
      case 'crossed':
        return `${sale}; die Schwelle von ${limit} für EU-Fernverkäufe wurde am ${formatDate(threshold?.crossedOn ?? facts.row.taxPointDate, language)} überschritten, daher gilt ab dieser Lieferung die ${vatOf(to)}, erklärt in einer Umsatzsteuererklärung von ${to} (dort ist eine Registrierung nötig; mit OSS entfiele sie).`;
      case 'previous-year':
        return `${sale}; die Schwelle von ${limit} für EU-Fernverkäufe wurde ${(threshold?.year ?? 0) - 1} überschritten, daher werden alle Fernverkäufe dieses Jahres im Bestimmungsland besteuert: ${vatOf(to)}, erklärt in einer Umsatzsteuererklärung von ${to} (dort ist eine Registrierung nötig; mit OSS entfiele sie).`;
      case 'not-from-establishment':
        return `${sale}; die Ware geht von ${from} aus, nicht vom Sitzland (${facts.establishment}), daher gilt die Schwelle von ${limit} nicht und die ${vatOf(to)} wird in einer Umsatzsteuererklärung von ${to} erklärt (dort ist eine Registrierung nötig; mit OSS entfiele sie).`;
    }
  },
  'intra-eu-b2b-supply': ({ from, to, row }) =>
    `Innergemeinschaftliche Lieferung an ein Unternehmen (Abgang: ${from}, Bestimmung: ${to}, USt-IdNr. ${row.buyerVatNumber ?? '?'}): steuerfrei (Art. 138), erklärt als steuerfreier Umsatz in der Umsatzsteuererklärung und der Zusammenfassenden Meldung von ${from}; der Kunde versteuert den Erwerb in ${to}.`,
  export: ({ from, to }) =>
    `Ausfuhr (Abgang: ${from}, Bestimmung: ${to}): Die Ware verlässt das Steuergebiet, daher ist der Verkauf steuerfrei (Art. 146) und wird als steuerfreier Umsatz in der Umsatzsteuererklärung von ${from} erklärt; Einfuhrumsatzsteuer und Zoll fallen bei der Ankunft an.`,
  'import-ioss': ({ from, to, rate, ioss }) =>
    `Einfuhr einer Sendung bis 150 € an eine Privatperson (Abgang: ${from}, Bestimmung: ${to}): Die Umsatzsteuer von ${to}${rate ? ` zu ${rate}` : ''} wird beim Verkauf berechnet und in der monatlichen IOSS-Erklärung erklärt${ioss ? ` (IOSS-registriert in ${ioss.memberState} seit ${ioss.from})` : ', aber das Unternehmensprofil enthält für dieses Datum keine IOSS-Registrierung'}; die Ware wird ohne Einfuhrumsatzsteuer verzollt.`,
  import: ({ from, to, rate }) =>
    rate !== undefined && rate !== '0 %'
      ? `Verkauf an einen Kunden (Abgang: ${from}, Bestimmung: ${to}) außerhalb von IOSS mit Umsatzsteuer von ${to} zu ${rate}: Das Unternehmen führt die Ware selbst ein und erklärt den Verkauf in einer Umsatzsteuererklärung von ${to} (Art. 32; dort ist eine Registrierung nötig).`
      : `Verkauf an einen Kunden (Abgang: ${from}, Bestimmung: ${to}) außerhalb von IOSS ohne Umsatzsteuer: Der Kunde führt die Ware ein und zahlt die Einfuhrumsatzsteuer an der Grenze; in den Erklärungen des Unternehmens erscheint nichts.`,
  'own-goods-transfer': ({ from, to }) =>
    `Verbringen eigener Ware (Abgang: ${from}, Bestimmung: ${to}): eine fiktive innergemeinschaftliche Lieferung, steuerfrei in der Umsatzsteuererklärung und gemeldet in der Zusammenfassenden Meldung von ${from} (Art. 17), und ein innergemeinschaftlicher Erwerb in ${to} (Art. 21), wo das Unternehmen registriert sein muss; die Erwerbsteuer wird in derselben Erklärung als Vorsteuer abgezogen.`,
  'non-eu-movement': ({ from, to }) =>
    `Eigene Ware über die EU-Grenze bewegt (Abgang: ${from}, Bestimmung: ${to}): Aus- und Einfuhr eigener Ware über den Zoll, nicht in einer Umsatzsteuererklärung.`,
  'inbound-movement': ({ to }) => `Wareneingang (Bestimmung: ${to}): keine Lieferung, daher keine Umsatzsteuer.`,
  'return-movement': ({ from, to }) =>
    `Rücksendung durch den Kunden (Abgang: ${to}, Bestimmung: ${from}): eine Warenbewegung, keine Lieferung, daher keine Umsatzsteuer; die Beträge stehen in der Erstattungszeile.`,
  'domestic-movement': ({ from }) => `Lagerumbuchung innerhalb von ${from}: keine Lieferung, daher keine Umsatzsteuer.`,
  'marketplace-deemed-supplier': ({ row }) =>
    `Der Marktplatz ist fiktiver Lieferer${row.taxReportingScheme ? ` (Verfahren ${row.taxReportingScheme})` : ''}: Er berechnet, erklärt und zahlt diese Umsatzsteuer (Art. 14a), das Unternehmen hat für diesen Verkauf nichts abzuführen.`,
  donation: ({ from, rate }) =>
    `Gespendete Ware (Abgang: ${from}): eine unentgeltliche Lieferung, die einer Lieferung gegen Entgelt gleichgestellt ist (Art. 16), besteuert in ${from}${rate ? ` zu ${rate}` : ''} mit dem Wert aus der Datei und erklärt in der Umsatzsteuererklärung von ${from}.`,
  'commingling-purchase': () =>
    'Einheiten, die im Commingling-Programm von Amazon gekauft wurden: ein Einkauf, kein Verkauf, daher ist darauf keine Umsatzsteuer zu erklären.',
  unclassified: ({ row }) =>
    `Die Datei sagt nicht, wo die Ware abging oder ankam (Zeile ${row.lineNumber}), daher lässt sich keine Regel anwenden und die Zeile steht in keiner Erklärung; bitte prüfen Sie sie.`,
};
