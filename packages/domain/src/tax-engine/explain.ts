import { money } from '../money';
import type { CompanyTaxProfile } from '../transactions/company-tax-profile';
import type { NormalizedTransaction } from '../transactions/normalized-transaction';
import { countryName, type ExplanationLanguage } from './country-names';
import { expectedTreatment } from './cross-check';
import { OSS_THRESHOLD_EUR, type OssThresholdYear, taxedAtDestination } from './threshold';
import type { TransactionTreatment } from './treatment';
import { type VatDue, vatDueOf } from './vat-due';

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
  | 'taxableJurisdiction'
  | 'currency'
  | 'netAmount'
  | 'vatAmount'
  | 'grossAmount'
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
  fr: {
    'domestic-sale': 'Vente nationale',
    'intra-eu-distance-sale': 'Vente à distance intra-UE',
    'intra-eu-b2b-supply': 'Livraison intracommunautaire (B2B)',
    export: 'Exportation',
    'import-ioss': 'Importation (IOSS)',
    import: 'Importation',
    'own-goods-transfer': 'Transfert de biens propres',
    'non-eu-movement': "Mouvement à travers la frontière de l'UE",
    'inbound-movement': 'Entrée de stock',
    'return-movement': 'Retour client',
    'domestic-movement': 'Mouvement de stock dans un même pays',
    'marketplace-deemed-supplier': 'Place de marché fournisseur présumé',
    donation: 'Don',
    'commingling-purchase': 'Achat en commingling',
    unclassified: 'Non classé',
  },
  it: {
    'domestic-sale': 'Vendita nazionale',
    'intra-eu-distance-sale': 'Vendita a distanza intra-UE',
    'intra-eu-b2b-supply': 'Cessione intracomunitaria (B2B)',
    export: 'Esportazione',
    'import-ioss': 'Importazione (IOSS)',
    import: 'Importazione',
    'own-goods-transfer': 'Trasferimento di beni propri',
    'non-eu-movement': "Movimento attraverso la frontiera dell'UE",
    'inbound-movement': 'Merce in entrata',
    'return-movement': 'Reso del cliente',
    'domestic-movement': 'Spostamento di merce nello stesso paese',
    'marketplace-deemed-supplier': 'Marketplace fornitore presunto',
    donation: 'Donazione',
    'commingling-purchase': 'Acquisto in commingling',
    unclassified: 'Non classificato',
  },
  es: {
    'domestic-sale': 'Venta nacional',
    'intra-eu-distance-sale': 'Venta a distancia intracomunitaria',
    'intra-eu-b2b-supply': 'Entrega intracomunitaria (B2B)',
    export: 'Exportación',
    'import-ioss': 'Importación (IOSS)',
    import: 'Importación',
    'own-goods-transfer': 'Traslado de bienes propios',
    'non-eu-movement': 'Traslado a través de la frontera de la UE',
    'inbound-movement': 'Entrada de existencias',
    'return-movement': 'Devolución del cliente',
    'domestic-movement': 'Traslado de existencias dentro del país',
    'marketplace-deemed-supplier': 'Marketplace como proveedor presunto',
    donation: 'Donación',
    'commingling-purchase': 'Compra en commingling',
    unclassified: 'Sin clasificar',
  },
  pl: {
    'domestic-sale': 'Sprzedaż krajowa',
    'intra-eu-distance-sale': 'Wewnątrzunijna sprzedaż na odległość',
    'intra-eu-b2b-supply': 'Wewnątrzwspólnotowa dostawa towarów (B2B)',
    export: 'Eksport',
    'import-ioss': 'Import (IOSS)',
    import: 'Import',
    'own-goods-transfer': 'Przemieszczenie własnych towarów',
    'non-eu-movement': 'Przemieszczenie przez granicę UE',
    'inbound-movement': 'Przyjęcie towaru',
    'return-movement': 'Zwrot od klienta',
    'domestic-movement': 'Przesunięcie magazynowe w kraju',
    'marketplace-deemed-supplier': 'Platforma jako uznany dostawca',
    donation: 'Darowizna',
    'commingling-purchase': 'Zakup w ramach commingling',
    unclassified: 'Niesklasyfikowane',
  },
};

export function treatmentLabel(treatment: TransactionTreatment, language: ExplanationLanguage): string {
  return LABELS[language][treatment];
}

/**
 * Why a row has its treatment and where its VAT is declared, in one or two sentences naming the countries, the rate
 * the file applied, the scheme and the rule. German texts address the reader formally, as the rest of the app does.
 * Outside English, countries are named in labelled slots ("Abgang: Frankreich", "départ : France") so no sentence
 * needs an article, a preposition or a case ending that depends on the country.
 */
export function explainTransaction(
  row: ExplainableRow,
  context: ExplanationContext,
  language: ExplanationLanguage,
): string {
  const text = SENTENCES[language];
  const due = vatDueOfRow(row, context);
  const facts = factsOf(row, context, language, due?.rate ?? row.vatRate);
  const priced = due === undefined ? '' : ` ${text.fromPrice(priceFactsOf(row, due, language))}`;
  const explanation = `${text[row.treatment](facts)}${priced}`;
  return row.type === 'REFUND' || row.type === 'LIQUIDATION_REFUND' ? `${text.refund} ${explanation}` : explanation;
}

/** The VAT due on a taxable row where it is computed from the price (decision 039); undefined where the file's stands. */
function vatDueOfRow(
  row: ExplainableRow,
  context: ExplanationContext,
): (VatDue & { basis: 'from-price'; jurisdiction: string }) | undefined {
  const taxed = expectedTreatment(row, context);
  if (taxed === undefined || taxed.zeroRated) return undefined;
  // An import without VAT is the customer's (no posting); with VAT it is charged in the arrival country.
  if (row.treatment === 'import' && !chargesVat(row)) return undefined;
  const due = vatDueOf({ ...row, date: row.taxPointDate }, taxed.jurisdiction);
  return due.basis === 'from-price' ? { ...due, basis: 'from-price', jurisdiction: taxed.jurisdiction } : undefined;
}

/** What the sentence on a VAT computed from the price names. */
type PriceFacts = {
  /** The country whose VAT the file charged; undefined where it charged none. */
  charged: string | undefined;
  taxing: string;
  rate: string;
  vat: string;
  gross: string;
};

function priceFactsOf(
  row: ExplainableRow,
  due: VatDue & { jurisdiction: string },
  language: ExplanationLanguage,
): PriceFacts {
  const currency = row.currency ?? '';
  return {
    charged: row.taxableJurisdiction === null ? undefined : countryName(row.taxableJurisdiction, language),
    taxing: countryName(due.jurisdiction, language),
    rate: formatRate(due.rate ?? '0', language),
    vat: formatAmount(due.vat, currency, language),
    gross: formatAmount(row.grossAmount, currency, language),
  };
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

/** `rate`: the rate of the VAT due, which is the file's unless it was computed from the price. */
function factsOf(
  row: ExplainableRow,
  context: ExplanationContext,
  language: ExplanationLanguage,
  rate: string | null,
): Facts {
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
    rate: rate === null ? undefined : formatRate(rate, language),
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

const MONTHS: Readonly<Record<'en' | 'de', readonly string[]>> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  de: ['Jan.', 'Feb.', 'März', 'Apr.', 'Mai', 'Juni', 'Juli', 'Aug.', 'Sept.', 'Okt.', 'Nov.', 'Dez.'],
};

/** "1 Jul 2021" / "1. Juli 2021" / "01/07/2021" (fr, it, es) / "01.07.2021" (pl). */
function formatDate(date: string, language: ExplanationLanguage): string {
  const [year, month, day] = [date.slice(0, 4), date.slice(5, 7), date.slice(8, 10)];
  switch (language) {
    case 'en':
      return `${Number(day)} ${MONTHS.en[Number(month) - 1]} ${year}`;
    case 'de':
      return `${Number(day)}. ${MONTHS.de[Number(month) - 1]} ${year}`;
    case 'pl':
      return `${day}.${month}.${year}`;
    default:
      return `${day}/${month}/${year}`;
  }
}

/** How each language writes numbers: the decimal mark, the thousands separator and where the % and € go. */
const NUMBERS: Readonly<
  Record<ExplanationLanguage, { decimal: string; group: string; percent: string; euroBefore: boolean }>
> = {
  en: { decimal: '.', group: ',', percent: '%', euroBefore: true },
  de: { decimal: ',', group: '.', percent: ' %', euroBefore: false },
  fr: { decimal: ',', group: '\u00a0', percent: '\u00a0%', euroBefore: false },
  it: { decimal: ',', group: '.', percent: '%', euroBefore: false },
  es: { decimal: ',', group: '.', percent: ' %', euroBefore: false },
  pl: { decimal: ',', group: '\u00a0', percent: '%', euroBefore: false },
};

/** A fraction as a percentage: 0.055 → "5.5%" / "5,5 %" / "5,5 %" (fr, no-break space) / "5,5%" (it, pl). */
function formatRate(fraction: string, language: ExplanationLanguage): string {
  const { decimal, percent } = NUMBERS[language];
  return `${money(fraction).times(100).toFixed().replace('.', decimal)}${percent}`;
}

/** An amount rounded half-up to the cent, grouped: "10,350.00" / "10.350,00" (de, it, es) / "10 350,00" (fr, pl). */
function formatCents(amount: string, language: ExplanationLanguage): string {
  const { decimal, group } = NUMBERS[language];
  const [whole = '0', cents = '00'] = money(amount).toFixed(2).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, group)}${decimal}${cents}`;
}

/** "€10,350.00" / "10.350,00 €" (de, it, es) / "10 350,00 €" (fr, pl). */
function formatEuro(amount: string, language: ExplanationLanguage): string {
  const grouped = formatCents(amount, language);
  return NUMBERS[language].euroBefore ? `€${grouped}` : `${grouped} €`;
}

/** "19.83 EUR" / "19,83 EUR" / "1 234,50 PLN" (fr, pl). */
function formatAmount(amount: string, currency: string, language: ExplanationLanguage): string {
  return `${formatCents(amount, language)} ${currency}`.trimEnd();
}

/** Whether the file charged VAT on the row (a rate above zero). */
const chargesVat = (row: ExplainableRow): boolean => row.vatRate !== null && !money(row.vatRate).eq(0);

/** English wants "the Netherlands", "the United Kingdom"; the rest take no article. */
function withArticle(name: string): string {
  return name === 'Netherlands' || name === 'United Kingdom' ? `the ${name}` : name;
}

// ---- the sentences ---------------------------------------------------------------------------------------------

type Sentences = Record<TransactionTreatment, (facts: Facts) => string> & {
  refund: string;
  /** Follows the treatment's sentence where the VAT due is computed from the price (decision 039). */
  fromPrice: (facts: PriceFacts) => string;
};

const ENGLISH: Sentences = {
  fromPrice: ({ charged, taxing, rate, vat, gross }) =>
    `The file ${charged ? `charged VAT of ${withArticle(charged)}` : 'shows no VAT'}, so the VAT due is the part of the price paid (${gross}) at the standard rate of ${withArticle(taxing)}, ${rate}: ${vat}. A product with a reduced rate there owes less; check the invoice against your records.`,
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
  import: ({ from, to, rate, row }) =>
    chargesVat(row)
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
  fromPrice: ({ charged, taxing, rate, vat, gross }) =>
    `Die Datei ${charged ? `berechnete Umsatzsteuer von ${charged}` : 'weist keine Umsatzsteuer aus'}; geschuldet ist daher die im gezahlten Preis (${gross}) enthaltene Umsatzsteuer zum Normalsatz (Land: ${taxing}, ${rate}): ${vat}. Für eine Ware mit ermäßigtem Satz dort ist es weniger; prüfen Sie die Rechnung anhand Ihrer Unterlagen.`,
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
  import: ({ from, to, rate, row }) =>
    chargesVat(row)
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

// French, Italian, Spanish and Polish name each country in a labelled slot ("départ : France") or in parentheses after
// a generic noun ("la déclaration de TVA (France)"), so no sentence depends on the article or case a country takes.

/** The year the threshold facts are about (the row's own year when there are none). */
const yearOf = ({ threshold, row }: Facts): number | string => threshold?.year ?? row.taxPointDate.slice(0, 4);
const crossedOnOf = ({ threshold, row, language }: Facts): string =>
  formatDate(threshold?.crossedOn ?? row.taxPointDate, language);
const yearTotalOf = ({ threshold, language }: Facts): string =>
  formatEuro(threshold?.distanceSalesEur ?? '0', language);

const FRENCH: Sentences = {
  fromPrice: ({ charged, taxing, rate, vat, gross }) =>
    `${charged ? `Le fichier a appliqué la TVA d'un autre pays (${charged})` : "Le fichier n'indique aucune TVA"} ; la TVA due est donc la part du prix payé (${gross}) au taux normal (pays : ${taxing}, ${rate}) : ${vat}. Un produit à taux réduit dans ce pays doit moins ; vérifiez la facture d'après vos pièces.`,
  refund:
    "Remboursement : il annule la vente d'origine et en reprend le traitement ; il réduit donc la même déclaration.",
  'domestic-sale': ({ from, rate }) =>
    `Vente nationale (départ et arrivée : ${from}) : TVA de ce pays${rate ? ` au taux de ${rate}` : ''}, déclarée dans la déclaration de TVA (${from}).`,
  'intra-eu-distance-sale': (facts) => {
    const { from, to, rate, oss, destination, language } = facts;
    const sale = `Vente à distance à un particulier (départ : ${from}, destination : ${to})`;
    const rateText = rate ? ` au taux de ${rate}` : '';
    const destinationVat = `la TVA du pays de destination (${to})${rateText}`;
    const registration = "(immatriculation nécessaire dans ce pays ; le guichet unique OSS l'éviterait)";
    if (oss) {
      return `${sale} ; inscrit au guichet unique OSS depuis le ${oss.from}, donc ${destinationVat} est déclarée dans la déclaration OSS de l'État membre d'identification (${oss.memberState}).`;
    }
    const limit = formatEuro(OSS_THRESHOLD_EUR, language);
    switch (destination.reason) {
      case 'below':
        return `${sale} ; les ventes à distance intra-UE de l'entreprise en ${yearOf(facts)} n'avaient pas dépassé ${limit} à la date de cette livraison (année entière : ${yearTotalOf(facts)}), donc la TVA du pays de départ (${from})${rateText} s'applique et est déclarée dans la déclaration de TVA (${from}) (art. 59 quater).`;
      case 'crossed':
        return `${sale} ; le seuil de ${limit} pour les ventes à distance intra-UE a été dépassé le ${crossedOnOf(facts)}, donc à partir de cette livraison ${destinationVat} s'applique, déclarée dans une déclaration de TVA (${to}) ${registration}.`;
      case 'previous-year':
        return `${sale} ; le seuil de ${limit} pour les ventes à distance intra-UE a été dépassé en ${(facts.threshold?.year ?? 0) - 1}, donc toutes les ventes à distance de cette année sont imposées à destination : ${destinationVat}, déclarée dans une déclaration de TVA (${to}) ${registration}.`;
      case 'not-from-establishment':
        return `${sale} ; les biens ne partent pas du pays d'établissement (${facts.establishment}) mais d'un autre pays (${from}), donc le seuil de ${limit} ne s'applique pas et ${destinationVat} est déclarée dans une déclaration de TVA (${to}) ${registration}.`;
    }
  },
  'intra-eu-b2b-supply': ({ from, to, row }) =>
    `Livraison intracommunautaire à une entreprise (départ : ${from}, destination : ${to}, n° de TVA ${row.buyerVatNumber ?? '?'}) : exonérée (art. 138), déclarée comme opération exonérée dans la déclaration de TVA et l'état récapitulatif (${from}) ; le client autoliquide la TVA dans le pays de destination (${to}).`,
  export: ({ from, to }) =>
    `Exportation (départ : ${from}, destination : ${to}) : les biens quittent le territoire de TVA, la vente est donc exonérée (art. 146) et déclarée comme opération exonérée dans la déclaration de TVA (${from}) ; la TVA à l'importation et les droits de douane sont dus à l'arrivée.`,
  'import-ioss': ({ from, to, rate, ioss }) =>
    `Importation d'un envoi de 150 € au plus à destination d'un particulier (départ : ${from}, destination : ${to}) : la TVA du pays de destination${rate ? ` au taux de ${rate}` : ''} est facturée lors de la vente et déclarée dans la déclaration IOSS mensuelle${ioss ? ` (inscrit à l'IOSS depuis le ${ioss.from}, État membre d'identification : ${ioss.memberState})` : ", mais le profil de l'entreprise ne comporte aucune inscription à l'IOSS à cette date"} ; les biens sont dédouanés sans TVA à l'importation.`,
  import: ({ from, to, rate, row }) =>
    chargesVat(row)
      ? `Vente à un client (départ : ${from}, destination : ${to}) hors IOSS, avec la TVA du pays de destination au taux de ${rate} : l'entreprise importe elle-même les biens et déclare la vente dans une déclaration de TVA (${to}) (art. 32 ; immatriculation nécessaire dans ce pays).`
      : `Vente à un client (départ : ${from}, destination : ${to}) hors IOSS et sans TVA : le client importe les biens et paie la TVA à l'importation à la frontière ; rien n'est déclaré dans les déclarations de l'entreprise.`,
  'own-goods-transfer': ({ from, to }) =>
    `Transfert de biens propres (départ : ${from}, destination : ${to}) : une livraison intracommunautaire assimilée, exonérée dans la déclaration de TVA et portée sur l'état récapitulatif (${from}) (art. 17), et une acquisition intracommunautaire dans le pays de destination (${to}) (art. 21), où l'entreprise doit être immatriculée ; la TVA sur l'acquisition est déduite dans la même déclaration.`,
  'non-eu-movement': ({ from, to }) =>
    `Biens propres déplacés à travers la frontière de l'UE (départ : ${from}, destination : ${to}) : une exportation et une importation de biens propres traitées par la douane, et non dans une déclaration de TVA.`,
  'inbound-movement': ({ to }) => `Entrée de stock (destination : ${to}) : aucune livraison, donc pas de TVA.`,
  'return-movement': ({ from, to }) =>
    `Biens renvoyés par le client (départ : ${to}, destination : ${from}) : un mouvement et non une livraison, donc pas de TVA ; la ligne de remboursement porte les montants.`,
  'domestic-movement': ({ from }) =>
    `Mouvement de stock à l'intérieur d'un même pays (${from}) : aucune livraison, donc pas de TVA.`,
  'marketplace-deemed-supplier': ({ row }) =>
    `La place de marché est le fournisseur présumé${row.taxReportingScheme ? ` (régime ${row.taxReportingScheme})` : ''} : elle facture, déclare et paie cette TVA (art. 14 bis), l'entreprise n'a donc rien à reverser pour cette vente.`,
  donation: ({ from, rate }) =>
    `Biens donnés (départ : ${from}) : une livraison à titre gratuit assimilée à une livraison à titre onéreux (art. 16), imposée dans ce pays${rate ? ` au taux de ${rate}` : ''} sur la valeur indiquée dans le fichier et déclarée dans la déclaration de TVA (${from}).`,
  'commingling-purchase': () =>
    "Unités achetées dans le cadre du programme de mutualisation des stocks (commingling) d'Amazon : un achat et non une vente, il n'y a donc aucune TVA à déclarer.",
  unclassified: ({ row }) =>
    `Le fichier n'indique ni d'où les biens sont partis ni où ils sont arrivés (ligne ${row.lineNumber}), aucune règle ne peut donc s'appliquer et la ligne ne figure dans aucune déclaration ; veuillez la vérifier.`,
};

const ITALIAN: Sentences = {
  fromPrice: ({ charged, taxing, rate, vat, gross }) =>
    `${charged ? `Il file ha applicato l'IVA di un altro paese (${charged})` : 'Il file non indica alcuna IVA'}; l'IVA dovuta è quindi la parte del prezzo pagato (${gross}) all'aliquota ordinaria (paese: ${taxing}, ${rate}): ${vat}. Un prodotto ad aliquota ridotta in quel paese deve meno; verificate la fattura in base ai vostri documenti.`,
  refund: 'Rimborso: annulla la vendita originaria e ne segue il trattamento, quindi riduce la stessa dichiarazione.',
  'domestic-sale': ({ from, rate }) =>
    `Vendita nazionale (partenza e arrivo: ${from}): IVA di questo paese${rate ? ` con aliquota ${rate}` : ''}, dichiarata nella dichiarazione IVA (${from}).`,
  'intra-eu-distance-sale': (facts) => {
    const { from, to, rate, oss, destination, language } = facts;
    const sale = `Vendita a distanza a un consumatore privato (partenza: ${from}, destinazione: ${to})`;
    const rateText = rate ? ` con aliquota ${rate}` : '';
    const destinationVat = `l'IVA del paese di destinazione (${to})${rateText}`;
    const registration = '(serve una registrazione in quel paese; lo sportello unico OSS la eviterebbe)';
    if (oss) {
      return `${sale}; iscritto allo sportello unico OSS dal ${oss.from}, quindi ${destinationVat} è dichiarata nella dichiarazione OSS dello Stato membro di identificazione (${oss.memberState}).`;
    }
    const limit = formatEuro(OSS_THRESHOLD_EUR, language);
    switch (destination.reason) {
      case 'below':
        return `${sale}; le vendite a distanza intra-UE dell'azienda nel ${yearOf(facts)} non avevano superato ${limit} fino a questa cessione (anno intero: ${yearTotalOf(facts)}), quindi si applica l'IVA del paese di partenza (${from})${rateText}, dichiarata nella dichiarazione IVA (${from}) (art. 59 quater).`;
      case 'crossed':
        return `${sale}; la soglia di ${limit} per le vendite a distanza intra-UE è stata superata il ${crossedOnOf(facts)}, quindi da questa cessione in poi si applica ${destinationVat}, dichiarata in una dichiarazione IVA (${to}) ${registration}.`;
      case 'previous-year':
        return `${sale}; la soglia di ${limit} per le vendite a distanza intra-UE è stata superata nel ${(facts.threshold?.year ?? 0) - 1}, quindi tutte le vendite a distanza di quest'anno sono tassate a destinazione: ${destinationVat}, dichiarata in una dichiarazione IVA (${to}) ${registration}.`;
      case 'not-from-establishment':
        return `${sale}; la merce non parte dal paese di stabilimento (${facts.establishment}) ma da un altro paese (${from}), quindi la soglia di ${limit} non si applica e ${destinationVat} è dichiarata in una dichiarazione IVA (${to}) ${registration}.`;
    }
  },
  'intra-eu-b2b-supply': ({ from, to, row }) =>
    `Cessione intracomunitaria a un'impresa (partenza: ${from}, destinazione: ${to}, partita IVA ${row.buyerVatNumber ?? '?'}): non imponibile (art. 138), dichiarata come operazione non imponibile nella dichiarazione IVA e negli elenchi Intrastat (${from}); il cliente assolve l'IVA nel paese di destinazione (${to}).`,
  export: ({ from, to }) =>
    `Esportazione (partenza: ${from}, destinazione: ${to}): la merce lascia il territorio IVA, quindi la vendita è non imponibile (art. 146) ed è dichiarata come operazione non imponibile nella dichiarazione IVA (${from}); IVA all'importazione e dazi sono dovuti all'arrivo.`,
  'import-ioss': ({ from, to, rate, ioss }) =>
    `Importazione di una spedizione di valore non superiore a 150 € destinata a un consumatore privato (partenza: ${from}, destinazione: ${to}): l'IVA del paese di destinazione${rate ? ` con aliquota ${rate}` : ''} è addebitata alla vendita e dichiarata nella dichiarazione IOSS mensile${ioss ? ` (iscritto all'IOSS dal ${ioss.from}, Stato membro di identificazione: ${ioss.memberState})` : ", ma il profilo aziendale non contiene un'iscrizione IOSS per questa data"}; la merce è sdoganata senza IVA all'importazione.`,
  import: ({ from, to, rate, row }) =>
    chargesVat(row)
      ? `Vendita a un cliente (partenza: ${from}, destinazione: ${to}) al di fuori dell'IOSS, con l'IVA del paese di destinazione con aliquota ${rate}: l'azienda importa la merce in proprio e dichiara la vendita in una dichiarazione IVA (${to}) (art. 32; serve una registrazione in quel paese).`
      : `Vendita a un cliente (partenza: ${from}, destinazione: ${to}) al di fuori dell'IOSS e senza IVA: il cliente importa la merce e paga l'IVA all'importazione alla frontiera; nelle dichiarazioni dell'azienda non figura nulla.`,
  'own-goods-transfer': ({ from, to }) =>
    `Trasferimento di beni propri (partenza: ${from}, destinazione: ${to}): una cessione intracomunitaria assimilata, non imponibile nella dichiarazione IVA e riportata negli elenchi Intrastat (${from}) (art. 17), e un acquisto intracomunitario nel paese di destinazione (${to}) (art. 21), dove l'azienda deve essere registrata; l'IVA sull'acquisto è detratta nella stessa dichiarazione.`,
  'non-eu-movement': ({ from, to }) =>
    `Beni propri spostati attraverso la frontiera dell'UE (partenza: ${from}, destinazione: ${to}): un'esportazione e un'importazione di beni propri gestite dalla dogana, non in una dichiarazione IVA.`,
  'inbound-movement': ({ to }) => `Merce in entrata (destinazione: ${to}): nessuna cessione, quindi nessuna IVA.`,
  'return-movement': ({ from, to }) =>
    `Merce restituita dal cliente (partenza: ${to}, destinazione: ${from}): uno spostamento, non una cessione, quindi nessuna IVA; gli importi sono nella riga del rimborso.`,
  'domestic-movement': ({ from }) =>
    `Spostamento di merce all'interno dello stesso paese (${from}): nessuna cessione, quindi nessuna IVA.`,
  'marketplace-deemed-supplier': ({ row }) =>
    `Il marketplace è il fornitore presunto${row.taxReportingScheme ? ` (regime ${row.taxReportingScheme})` : ''}: addebita, dichiara e versa questa IVA (art. 14 bis), quindi l'azienda non deve versare nulla per questa vendita.`,
  donation: ({ from, rate }) =>
    `Merce donata (partenza: ${from}): una cessione gratuita assimilata a una cessione a titolo oneroso (art. 16), tassata in questo paese${rate ? ` con aliquota ${rate}` : ''} sul valore indicato nel file e dichiarata nella dichiarazione IVA (${from}).`,
  'commingling-purchase': () =>
    "Unità acquistate nell'ambito del programma di commingling di Amazon: un acquisto, non una vendita, quindi non c'è IVA da dichiarare.",
  unclassified: ({ row }) =>
    `Il file non indica da dove è partita la merce né dove è arrivata (riga ${row.lineNumber}), quindi non si può applicare alcuna regola e la riga non figura in nessuna dichiarazione; controllala.`,
};

const SPANISH: Sentences = {
  fromPrice: ({ charged, taxing, rate, vat, gross }) =>
    `${charged ? `El archivo aplicó el IVA de otro país (${charged})` : 'El archivo no indica IVA'}; el IVA adeudado es, por tanto, la parte del precio pagado (${gross}) al tipo general (país: ${taxing}, ${rate}): ${vat}. Un producto con tipo reducido en ese país debe menos; compruebe la factura según sus registros.`,
  refund: 'Devolución: anula la venta original y sigue su tratamiento, por lo que reduce la misma declaración.',
  'domestic-sale': ({ from, rate }) =>
    `Venta nacional (salida y llegada: ${from}): IVA de ese país${rate ? ` al tipo del ${rate}` : ''}, declarado en la declaración de IVA (${from}).`,
  'intra-eu-distance-sale': (facts) => {
    const { from, to, rate, oss, destination, language } = facts;
    const sale = `Venta a distancia a un consumidor final (salida: ${from}, destino: ${to})`;
    const rateText = rate ? ` al tipo del ${rate}` : '';
    const destinationVat = `el IVA del país de destino (${to})${rateText}`;
    const registration = '(es necesario registrarse en ese país; la ventanilla única OSS lo evitaría)';
    if (oss) {
      return `${sale}; inscrita en la ventanilla única OSS desde el ${oss.from}, por lo que ${destinationVat} se declara en la declaración OSS del Estado miembro de identificación (${oss.memberState}).`;
    }
    const limit = formatEuro(OSS_THRESHOLD_EUR, language);
    switch (destination.reason) {
      case 'below':
        return `${sale}; las ventas a distancia intracomunitarias de la empresa en ${yearOf(facts)} no habían superado ${limit} hasta esta entrega (año completo: ${yearTotalOf(facts)}), por lo que se aplica el IVA del país de salida (${from})${rateText}, declarado en la declaración de IVA (${from}) (art. 59 quater).`;
      case 'crossed':
        return `${sale}; el umbral de ${limit} para las ventas a distancia intracomunitarias se superó el ${crossedOnOf(facts)}, por lo que a partir de esa entrega se aplica ${destinationVat}, declarado en una declaración de IVA (${to}) ${registration}.`;
      case 'previous-year':
        return `${sale}; el umbral de ${limit} para las ventas a distancia intracomunitarias se superó en ${(facts.threshold?.year ?? 0) - 1}, por lo que todas las ventas a distancia de este año tributan en destino: ${destinationVat}, declarado en una declaración de IVA (${to}) ${registration}.`;
      case 'not-from-establishment':
        return `${sale}; la mercancía no sale del país de establecimiento (${facts.establishment}) sino de otro país (${from}), por lo que el umbral de ${limit} no se aplica y ${destinationVat} se declara en una declaración de IVA (${to}) ${registration}.`;
    }
  },
  'intra-eu-b2b-supply': ({ from, to, row }) =>
    `Entrega intracomunitaria a una empresa (salida: ${from}, destino: ${to}, NIF-IVA ${row.buyerVatNumber ?? '?'}): exenta (art. 138), declarada como operación exenta en la declaración de IVA y en la declaración recapitulativa (${from}); el cliente liquida el IVA en el país de destino (${to}).`,
  export: ({ from, to }) =>
    `Exportación (salida: ${from}, destino: ${to}): la mercancía sale del territorio de aplicación del IVA, por lo que la venta está exenta (art. 146) y se declara como operación exenta en la declaración de IVA (${from}); el IVA a la importación y los aranceles se pagan a la llegada.`,
  'import-ioss': ({ from, to, rate, ioss }) =>
    `Importación de un envío de 150 € como máximo a un consumidor final (salida: ${from}, destino: ${to}): el IVA del país de destino${rate ? ` al tipo del ${rate}` : ''} se cobra en la venta y se declara en la declaración IOSS mensual${ioss ? ` (inscrita en la IOSS desde el ${ioss.from}, Estado miembro de identificación: ${ioss.memberState})` : ', pero el perfil de la empresa no tiene ninguna inscripción en la IOSS para esta fecha'}; la mercancía se despacha sin IVA a la importación.`,
  import: ({ from, to, rate, row }) =>
    chargesVat(row)
      ? `Venta a un cliente (salida: ${from}, destino: ${to}) fuera de la IOSS, con el IVA del país de destino al tipo del ${rate}: la empresa importa la mercancía por su cuenta y declara la venta en una declaración de IVA (${to}) (art. 32; es necesario registrarse en ese país).`
      : `Venta a un cliente (salida: ${from}, destino: ${to}) fuera de la IOSS y sin IVA: el cliente importa la mercancía y paga el IVA a la importación en la frontera; no se declara nada en las declaraciones de la empresa.`,
  'own-goods-transfer': ({ from, to }) =>
    `Traslado de bienes propios (salida: ${from}, destino: ${to}): una entrega intracomunitaria asimilada, exenta en la declaración de IVA e incluida en la declaración recapitulativa (${from}) (art. 17), y una adquisición intracomunitaria en el país de destino (${to}) (art. 21), donde la empresa debe estar registrada; el IVA de la adquisición se deduce en la misma declaración.`,
  'non-eu-movement': ({ from, to }) =>
    `Bienes propios trasladados a través de la frontera de la UE (salida: ${from}, destino: ${to}): una exportación y una importación de bienes propios gestionadas por la aduana, no en una declaración de IVA.`,
  'inbound-movement': ({ to }) => `Entrada de existencias (destino: ${to}): no hay entrega, por lo que no hay IVA.`,
  'return-movement': ({ from, to }) =>
    `Mercancía devuelta por el cliente (salida: ${to}, destino: ${from}): un traslado, no una entrega, por lo que no hay IVA; la fila de la devolución recoge los importes.`,
  'domestic-movement': ({ from }) =>
    `Traslado de existencias dentro del mismo país (${from}): no hay entrega, por lo que no hay IVA.`,
  'marketplace-deemed-supplier': ({ row }) =>
    `El marketplace es el proveedor presunto${row.taxReportingScheme ? ` (régimen ${row.taxReportingScheme})` : ''}: cobra, declara e ingresa este IVA (art. 14 bis), por lo que la empresa no tiene nada que ingresar por esta venta.`,
  donation: ({ from, rate }) =>
    `Mercancía donada (salida: ${from}): una entrega gratuita asimilada a una entrega a título oneroso (art. 16), gravada en ese país${rate ? ` al tipo del ${rate}` : ''} sobre el valor del archivo y declarada en la declaración de IVA (${from}).`,
  'commingling-purchase': () =>
    'Unidades compradas en el programa de commingling de Amazon: una compra, no una venta, por lo que no hay IVA que declarar.',
  unclassified: ({ row }) =>
    `El archivo no indica de dónde salió ni adónde llegó la mercancía (línea ${row.lineNumber}), por lo que no se puede aplicar ninguna regla y la fila no figura en ninguna declaración; revísala.`,
};

const POLISH: Sentences = {
  fromPrice: ({ charged, taxing, rate, vat, gross }) =>
    `${charged ? `Plik naliczył VAT innego kraju (${charged})` : 'Plik nie wykazuje VAT'}; należny VAT to więc część zapłaconej ceny (${gross}) według stawki podstawowej (kraj: ${taxing}, ${rate}): ${vat}. Produkt ze stawką obniżoną w tym kraju płaci mniej; sprawdź fakturę na podstawie swoich dokumentów.`,
  refund: 'Zwrot: odwraca pierwotną sprzedaż i przejmuje jej traktowanie, więc pomniejsza tę samą deklarację.',
  'domestic-sale': ({ from, rate }) =>
    `Sprzedaż krajowa (wysyłka i dostawa: ${from}): VAT tego kraju${rate ? ` według stawki ${rate}` : ''}, wykazany w deklaracji VAT (${from}).`,
  'intra-eu-distance-sale': (facts) => {
    const { from, to, rate, oss, destination, language } = facts;
    const sale = `Sprzedaż na odległość na rzecz konsumenta (kraj wysyłki: ${from}, kraj przeznaczenia: ${to})`;
    const rateText = rate ? ` według stawki ${rate}` : '';
    const destinationVat = `VAT kraju przeznaczenia (${to})${rateText}`;
    const registration = '(wymagana rejestracja w tym kraju; procedura OSS pozwoliłaby jej uniknąć)';
    if (oss) {
      return `${sale}; rejestracja w procedurze OSS od ${oss.from}, więc ${destinationVat} jest wykazywany w deklaracji OSS w państwie członkowskim identyfikacji (${oss.memberState}).`;
    }
    const limit = formatEuro(OSS_THRESHOLD_EUR, language);
    switch (destination.reason) {
      case 'below':
        return `${sale}; wewnątrzunijna sprzedaż na odległość firmy w ${yearOf(facts)} r. nie przekroczyła ${limit} do chwili tej dostawy (cały rok: ${yearTotalOf(facts)}), więc obowiązuje VAT kraju wysyłki (${from})${rateText}, wykazywany w deklaracji VAT (${from}) (art. 59c).`;
      case 'crossed':
        return `${sale}; próg ${limit} dla wewnątrzunijnej sprzedaży na odległość przekroczono ${crossedOnOf(facts)}, więc od tej dostawy obowiązuje ${destinationVat}, wykazywany w deklaracji VAT (${to}) ${registration}.`;
      case 'previous-year':
        return `${sale}; próg ${limit} dla wewnątrzunijnej sprzedaży na odległość przekroczono w ${(facts.threshold?.year ?? 0) - 1} r., więc cała sprzedaż na odległość w tym roku jest opodatkowana w kraju przeznaczenia: ${destinationVat}, wykazywany w deklaracji VAT (${to}) ${registration}.`;
      case 'not-from-establishment':
        return `${sale}; towar nie jest wysyłany z kraju siedziby (${facts.establishment}), lecz z innego kraju (${from}), więc próg ${limit} nie ma zastosowania, a ${destinationVat} jest wykazywany w deklaracji VAT (${to}) ${registration}.`;
    }
  },
  'intra-eu-b2b-supply': ({ from, to, row }) =>
    `Wewnątrzwspólnotowa dostawa towarów do firmy (kraj wysyłki: ${from}, kraj przeznaczenia: ${to}, numer VAT ${row.buyerVatNumber ?? '?'}): stawka 0% (art. 138), wykazana w deklaracji VAT i w informacji podsumowującej (${from}); nabywca rozlicza VAT w kraju przeznaczenia (${to}).`,
  export: ({ from, to }) =>
    `Eksport (kraj wysyłki: ${from}, kraj przeznaczenia: ${to}): towar opuszcza obszar VAT, więc sprzedaż jest opodatkowana stawką 0% (art. 146) i wykazana w deklaracji VAT (${from}); VAT z tytułu importu i cło są należne w kraju przeznaczenia.`,
  'import-ioss': ({ from, to, rate, ioss }) =>
    `Import przesyłki o wartości do 150 € dla konsumenta (kraj wysyłki: ${from}, kraj przeznaczenia: ${to}): VAT kraju przeznaczenia${rate ? ` według stawki ${rate}` : ''} jest naliczany przy sprzedaży i wykazywany w miesięcznej deklaracji IOSS${ioss ? ` (rejestracja w IOSS od ${ioss.from}, państwo członkowskie identyfikacji: ${ioss.memberState})` : ', ale profil firmy nie zawiera rejestracji w IOSS na tę datę'}; towar jest odprawiany bez VAT z tytułu importu.`,
  import: ({ from, to, rate, row }) =>
    chargesVat(row)
      ? `Sprzedaż klientowi (kraj wysyłki: ${from}, kraj przeznaczenia: ${to}) poza procedurą IOSS, z VAT kraju przeznaczenia według stawki ${rate}: firma sama importuje towar i wykazuje sprzedaż w deklaracji VAT (${to}) (art. 32; wymagana rejestracja w tym kraju).`
      : `Sprzedaż klientowi (kraj wysyłki: ${from}, kraj przeznaczenia: ${to}) poza procedurą IOSS i bez VAT: klient importuje towar i płaci VAT z tytułu importu na granicy; w deklaracjach firmy nic się nie wykazuje.`,
  'own-goods-transfer': ({ from, to }) =>
    `Przemieszczenie własnych towarów (kraj wysyłki: ${from}, kraj przeznaczenia: ${to}): traktowane jak wewnątrzwspólnotowa dostawa towarów, ze stawką 0% w deklaracji VAT i w informacji podsumowującej (${from}) (art. 17), oraz wewnątrzwspólnotowe nabycie towarów w kraju przeznaczenia (${to}) (art. 21), gdzie firma musi być zarejestrowana; VAT od nabycia odlicza się w tej samej deklaracji.`,
  'non-eu-movement': ({ from, to }) =>
    `Własne towary przemieszczone przez granicę UE (kraj wysyłki: ${from}, kraj przeznaczenia: ${to}): eksport i import własnych towarów obsługiwane przez urząd celny, a nie w deklaracji VAT.`,
  'inbound-movement': ({ to }) =>
    `Przyjęcie towaru do magazynu (kraj przeznaczenia: ${to}): brak dostawy, więc brak VAT.`,
  'return-movement': ({ from, to }) =>
    `Towar odesłany przez klienta (kraj wysyłki: ${to}, kraj przeznaczenia: ${from}): przemieszczenie, a nie dostawa, więc brak VAT; kwoty zawiera wiersz zwrotu.`,
  'domestic-movement': ({ from }) =>
    `Przesunięcie magazynowe w obrębie jednego kraju (${from}): brak dostawy, więc brak VAT.`,
  'marketplace-deemed-supplier': ({ row }) =>
    `Platforma handlowa jest uznawana za dostawcę${row.taxReportingScheme ? ` (procedura ${row.taxReportingScheme})` : ''}: to ona nalicza, wykazuje i wpłaca ten VAT (art. 14a), więc firma nie ma nic do wpłacenia z tytułu tej sprzedaży.`,
  donation: ({ from, rate }) =>
    `Towar przekazany nieodpłatnie (kraj wysyłki: ${from}): nieodpłatna dostawa traktowana jak dostawa odpłatna (art. 16), opodatkowana w tym kraju${rate ? ` według stawki ${rate}` : ''} od wartości podanej w pliku i wykazana w deklaracji VAT (${from}).`,
  'commingling-purchase': () =>
    'Jednostki kupione w ramach programu commingling Amazon: zakup, a nie sprzedaż, więc nie ma od nich VAT do wykazania.',
  unclassified: ({ row }) =>
    `Plik nie podaje, skąd towar wysłano ani dokąd dotarł (wiersz ${row.lineNumber}), więc nie można zastosować żadnej reguły i wiersz nie trafia do żadnej deklaracji; sprawdź go.`,
};

const SENTENCES: Readonly<Record<ExplanationLanguage, Sentences>> = {
  en: ENGLISH,
  de: GERMAN,
  fr: FRENCH,
  it: ITALIAN,
  es: SPANISH,
  pl: POLISH,
};
