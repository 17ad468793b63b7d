import { describe, expect, it } from 'vitest';
import { countryName, EXPLANATION_LANGUAGES, explanationLanguageOf } from './country-names';
import { type ExplainableRow, type ExplanationContext, explainTransaction, treatmentLabel } from './explain';
import type { OssThresholdYear } from './threshold';
import { TRANSACTION_TREATMENTS } from './treatment';

const NO_SCHEMES: ExplanationContext['profile'] = { establishmentCountry: 'DE', oss: null, ioss: null };
const WITH_SCHEMES: ExplanationContext['profile'] = {
  establishmentCountry: 'DE',
  oss: { memberState: 'DE', from: '2021-07-01' },
  ioss: { memberState: 'DE', from: '2021-07-01' },
};
const YEAR_2023: OssThresholdYear = {
  year: 2023,
  distanceSalesEur: '10350.00',
  crossedOn: '2023-09-28',
  exceededPreviousYear: false,
  incomplete: false,
};

function row(overrides: Partial<ExplainableRow> & Pick<ExplainableRow, 'treatment'>): ExplainableRow {
  return {
    lineNumber: 7,
    type: 'SALE',
    taxPointDate: '2023-09-27',
    departureCountry: 'DE',
    arrivalCountry: 'FR',
    vatRate: '0.2',
    buyerVatNumber: null,
    taxReportingScheme: 'REGULAR',
    // A file without a jurisdiction of its own that charged the rate above: its figures stand (decision 039).
    taxableJurisdiction: null,
    currency: 'EUR',
    netAmount: '100.00',
    vatAmount: '20.00',
    grossAmount: '120.00',
    ...overrides,
  };
}

type Case = {
  name: string;
  row: ExplainableRow;
  profile?: ExplanationContext['profile'];
  threshold?: OssThresholdYear;
  en: readonly string[];
  de: readonly string[];
};

const CASES: readonly Case[] = [
  {
    name: 'domestic sale in Germany',
    row: row({ treatment: 'domestic-sale', arrivalCountry: 'DE', vatRate: '0.19' }),
    en: ['Germany', '19%', 'VAT return of Germany'],
    de: ['Deutschland', '19 %', 'Umsatzsteuererklärung von Deutschland'],
  },
  {
    name: 'domestic sale in the UK',
    row: row({ treatment: 'domestic-sale', departureCountry: 'GB', arrivalCountry: 'GB' }),
    en: ['the United Kingdom', '20%'],
    de: ['Vereinigtes Königreich', '20 %'],
  },
  {
    name: 'distance sale through OSS',
    row: row({ treatment: 'intra-eu-distance-sale' }),
    profile: WITH_SCHEMES,
    en: [
      'Distance sale from Germany to a consumer in France',
      'OSS registered since 1 Jul 2021',
      'VAT of France at 20%',
      'OSS return of Germany',
    ],
    de: [
      'Abgang: Deutschland',
      'Bestimmung: Frankreich',
      'OSS-registriert seit 1. Juli 2021',
      'Umsatzsteuer von Frankreich zu 20 %',
      'OSS-Erklärung in Deutschland',
    ],
  },
  {
    name: 'distance sale below the threshold',
    row: row({ treatment: 'intra-eu-distance-sale', arrivalCountry: 'ES', vatRate: '0.19' }),
    threshold: YEAR_2023,
    en: ['Spain', '€10,000.00', '€10,350.00', 'VAT of Germany at 19%', 'VAT return of Germany', 'Art. 59c'],
    de: ['Spanien', '10.000,00 €', '10.350,00 €', 'Umsatzsteuer von Deutschland zu 19 %', 'Art. 59c'],
  },
  {
    name: 'distance sale from the crossing day',
    row: row({ treatment: 'intra-eu-distance-sale', taxPointDate: '2023-09-28', arrivalCountry: 'AT' }),
    threshold: YEAR_2023,
    en: ['Austria', 'exceeded on 28 Sep 2023', 'VAT of Austria at 20%', 'VAT return of Austria'],
    de: ['Österreich', 'am 28. Sept. 2023 überschritten', 'Umsatzsteuer von Österreich zu 20 %'],
  },
  {
    name: 'distance sale after a year above the threshold',
    row: row({
      treatment: 'intra-eu-distance-sale',
      taxPointDate: '2024-01-03',
      arrivalCountry: 'NL',
      vatRate: '0.21',
    }),
    threshold: {
      year: 2024,
      distanceSalesEur: '10.00',
      crossedOn: null,
      exceededPreviousYear: true,
      incomplete: false,
    },
    en: ['the Netherlands', 'exceeded in 2023', '21%'],
    de: ['Niederlande', '2023 überschritten', '21 %'],
  },
  {
    name: 'distance sale from stock abroad',
    row: row({ treatment: 'intra-eu-distance-sale', departureCountry: 'PL', arrivalCountry: 'CZ', vatRate: '0.21' }),
    threshold: { ...YEAR_2023, crossedOn: null },
    en: [
      'from Poland',
      'Czechia',
      'country of establishment (Germany)',
      'threshold does not apply',
      'VAT return of Czechia',
    ],
    de: ['Abgang: Polen', 'Tschechien', 'Sitzland (Deutschland)', 'Schwelle von 10.000,00 € nicht'],
  },
  {
    name: 'intra-EU B2B supply',
    row: row({ treatment: 'intra-eu-b2b-supply', buyerVatNumber: 'FR40303265045', vatRate: '0' }),
    en: ['Germany', 'France', 'FR40303265045', 'zero-rated', 'Art. 138', 'EC sales list'],
    de: ['Deutschland', 'Frankreich', 'FR40303265045', 'steuerfrei', 'Art. 138', 'Zusammenfassenden Meldung'],
  },
  {
    name: 'export',
    row: row({ treatment: 'export', arrivalCountry: 'CH', vatRate: '0' }),
    en: ['Export from Germany to Switzerland', 'zero-rated', 'Art. 146'],
    de: ['Ausfuhr', 'Schweiz', 'steuerfrei', 'Art. 146'],
  },
  {
    name: 'IOSS import',
    row: row({
      treatment: 'import-ioss',
      departureCountry: 'CN',
      arrivalCountry: 'IT',
      vatRate: '0.22',
      taxReportingScheme: 'IMPORT-OSS',
    }),
    profile: WITH_SCHEMES,
    en: ['€150', 'China', 'Italy', '22%', 'IOSS', 'Germany since 1 Jul 2021'],
    de: ['150 €', 'China', 'Italien', '22 %', 'IOSS-registriert in Deutschland'],
  },
  {
    name: 'IOSS import without IOSS in the profile',
    row: row({ treatment: 'import-ioss', departureCountry: 'CN', arrivalCountry: 'IT', vatRate: '0.22' }),
    en: ['no IOSS registration'],
    de: ['keine IOSS-Registrierung'],
  },
  {
    name: 'import with VAT',
    row: row({ treatment: 'import', departureCountry: 'GB', arrivalCountry: 'NL', vatRate: '0.21' }),
    en: ['the United Kingdom', 'the Netherlands', '21%', 'imports the goods itself', 'Art. 32'],
    de: ['Vereinigtes Königreich', 'Niederlande', '21 %', 'Art. 32'],
  },
  {
    name: 'import without VAT',
    row: row({ treatment: 'import', departureCountry: 'US', arrivalCountry: 'DE', vatRate: null }),
    en: ['United States', 'customer imports'],
    de: ['Vereinigte Staaten', 'Der Kunde führt die Ware ein'],
  },
  {
    name: 'own-goods transfer',
    row: row({ treatment: 'own-goods-transfer', type: 'FC_TRANSFER', arrivalCountry: 'PL', vatRate: null }),
    en: ['from Germany to Poland', 'Art. 17', 'Art. 21', 'acquisition', 'EC sales list of Germany'],
    de: ['Abgang: Deutschland', 'Bestimmung: Polen', 'Art. 17', 'Art. 21', 'Erwerb'],
  },
  {
    name: 'movement across the EU border',
    row: row({ treatment: 'non-eu-movement', type: 'FC_TRANSFER', arrivalCountry: 'GB', vatRate: null }),
    en: ['the United Kingdom', 'customs'],
    de: ['Vereinigtes Königreich', 'Zoll'],
  },
  {
    name: 'inbound stock',
    row: row({
      treatment: 'inbound-movement',
      type: 'INBOUND',
      departureCountry: 'CN',
      arrivalCountry: 'DE',
      vatRate: null,
    }),
    en: ['arriving in Germany', 'no VAT'],
    de: ['Bestimmung: Deutschland', 'keine Umsatzsteuer'],
  },
  {
    name: "the seller's own shipment into a fulfilment centre in another member state",
    row: row({
      treatment: 'own-goods-transfer',
      type: 'INBOUND',
      departureCountry: 'DE',
      arrivalCountry: 'FR',
      vatRate: null,
    }),
    en: ['from Germany to France', 'intra-Community acquisition'],
    de: ['Frankreich', 'innergemeinschaftlicher Erwerb'],
  },
  {
    name: 'customer return',
    row: row({
      treatment: 'return-movement',
      type: 'RETURN',
      departureCountry: 'FR',
      arrivalCountry: 'DE',
      vatRate: null,
    }),
    // Sold from French stock to a German buyer: the customer sends the goods back from Germany to France.
    en: ['from Germany to France', 'no VAT'],
    de: ['Abgang: Deutschland, Bestimmung: Frankreich', 'keine Umsatzsteuer'],
  },
  {
    name: 'movement inside a country',
    row: row({ treatment: 'domestic-movement', type: 'FC_TRANSFER', arrivalCountry: 'DE', vatRate: null }),
    en: ['within Germany', 'no VAT'],
    de: ['innerhalb von Deutschland', 'keine Umsatzsteuer'],
  },
  {
    name: 'marketplace as deemed supplier',
    row: row({
      treatment: 'marketplace-deemed-supplier',
      departureCountry: 'CN',
      arrivalCountry: 'GB',
      taxReportingScheme: 'UK_VOEC-IMPORT',
    }),
    en: ['deemed supplier', 'UK_VOEC-IMPORT', 'Art. 14a', 'nothing to remit'],
    de: ['fiktiver Lieferer', 'UK_VOEC-IMPORT', 'Art. 14a', 'nichts abzuführen'],
  },
  {
    name: 'donation',
    row: row({ treatment: 'donation', type: 'DONATION', arrivalCountry: 'DE', vatRate: '0.19' }),
    en: ['donated from Germany', 'Art. 16', '19%'],
    de: ['Gespendete Ware', 'Deutschland', 'Art. 16', '19 %'],
  },
  {
    name: 'commingling purchase',
    row: row({ treatment: 'commingling-purchase', type: 'COMMINGLING_BUY' }),
    en: ['commingling', 'purchase'],
    de: ['Commingling', 'Einkauf'],
  },
  {
    name: 'unclassified row',
    row: row({ treatment: 'unclassified', arrivalCountry: null }),
    en: ['line 7', 'no rule'],
    de: ['Zeile 7', 'keine Regel', 'prüfen Sie'],
  },
];

describe('explainTransaction', () => {
  it.each(CASES)('explains a $name in English and German', ({ row: explained, profile, threshold, en, de }) => {
    const context = { profile: profile ?? NO_SCHEMES, threshold };
    const english = explainTransaction(explained, context, 'en');
    const german = explainTransaction(explained, context, 'de');
    for (const fact of en) expect(english).toContain(fact);
    for (const fact of de) expect(german).toContain(fact);
  });

  it('covers every treatment', () => {
    expect(new Set(CASES.map((entry) => entry.row.treatment))).toEqual(new Set(TRANSACTION_TREATMENTS));
  });

  it('says that a refund reverses its sale', () => {
    const refund = row({ treatment: 'intra-eu-distance-sale', type: 'REFUND' });
    const context = { profile: WITH_SCHEMES, threshold: undefined };
    expect(explainTransaction(refund, context, 'en')).toMatch(
      /^Refund: it reverses the original sale.*OSS return of Germany/,
    );
    expect(explainTransaction(refund, context, 'de')).toMatch(/^Erstattung: .*OSS-Erklärung in Deutschland/);
  });

  it('says where the VAT due is computed from the price: the file charged another country, or none', () => {
    // Germany's VAT charged on an OSS sale to France: France's 20 % in the price of 119.00 is 19.83.
    const elsewhere = row({
      treatment: 'intra-eu-distance-sale',
      taxableJurisdiction: 'DE',
      vatRate: '0.19',
      vatAmount: '19.00',
      grossAmount: '119.00',
    });
    const context = { profile: WITH_SCHEMES, threshold: undefined };
    expect(explainTransaction(elsewhere, context, 'en')).toBe(
      'Distance sale from Germany to a consumer in France; OSS registered since 1 Jul 2021, so VAT of France at 20% is declared in the OSS return of Germany. ' +
        'The file charged VAT of Germany, so the VAT due is the part of the price paid (119.00 EUR) at the standard rate of France, 20%: 19.83 EUR. A product with a reduced rate there owes less; check the invoice against your records.',
    );
    expect(explainTransaction(elsewhere, context, 'de')).toContain(
      'Die Datei berechnete Umsatzsteuer von Deutschland; geschuldet ist daher die im gezahlten Preis (119,00 EUR) enthaltene Umsatzsteuer zum Normalsatz (Land: Frankreich, 20 %): 19,83 EUR.',
    );
    // A shop that charged no VAT (a zero rate) on a German sale of 119.00: 19.00 German VAT.
    const uncharged = row({
      treatment: 'domestic-sale',
      arrivalCountry: 'DE',
      vatRate: '0',
      vatAmount: '0.00',
      grossAmount: '119.00',
    });
    expect(explainTransaction(uncharged, context, 'en')).toContain(
      'VAT of Germany at 19% is declared in the VAT return of Germany. The file shows no VAT, so the VAT due is the part of the price paid (119.00 EUR) at the standard rate of Germany, 19%: 19.00 EUR.',
    );
    expect(explainTransaction(uncharged, context, 'pl')).toContain('Plik nie wykazuje VAT;');
    // Charged where it is taxed: nothing more to say.
    expect(
      explainTransaction(row({ treatment: 'domestic-sale', arrivalCountry: 'DE', vatRate: '0.19' }), context, 'en'),
    ).not.toContain('The file charged');
  });

  it('writes rates with a decimal point in English and a comma in German', () => {
    const reduced = row({ treatment: 'domestic-sale', departureCountry: 'FR', vatRate: '0.055' });
    expect(explainTransaction(reduced, { profile: NO_SCHEMES, threshold: undefined }, 'en')).toContain('5.5%');
    expect(explainTransaction(reduced, { profile: NO_SCHEMES, threshold: undefined }, 'de')).toContain('5,5 %');
  });
});

describe('explainTransaction in French, Italian, Spanish and Polish', () => {
  const crossed = row({ treatment: 'intra-eu-distance-sale', taxPointDate: '2023-09-28', arrivalCountry: 'NL' });
  const crossedContext = { profile: NO_SCHEMES, threshold: YEAR_2023 };

  it('explains a distance sale past the threshold word for word in each language', () => {
    expect(explainTransaction(crossed, crossedContext, 'fr')).toBe(
      "Vente à distance à un particulier (départ : Allemagne, destination : Pays-Bas) ; le seuil de 10\u00a0000,00 € pour les ventes à distance intra-UE a été dépassé le 28/09/2023, donc à partir de cette livraison la TVA du pays de destination (Pays-Bas) au taux de 20\u00a0% s'applique, déclarée dans une déclaration de TVA (Pays-Bas) (immatriculation nécessaire dans ce pays ; le guichet unique OSS l'éviterait).",
    );
    expect(explainTransaction(crossed, crossedContext, 'it')).toBe(
      "Vendita a distanza a un consumatore privato (partenza: Germania, destinazione: Paesi Bassi); la soglia di 10.000,00 € per le vendite a distanza intra-UE è stata superata il 28/09/2023, quindi da questa cessione in poi si applica l'IVA del paese di destinazione (Paesi Bassi) con aliquota 20%, dichiarata in una dichiarazione IVA (Paesi Bassi) (serve una registrazione in quel paese; lo sportello unico OSS la eviterebbe).",
    );
    expect(explainTransaction(crossed, crossedContext, 'es')).toBe(
      'Venta a distancia a un consumidor final (salida: Alemania, destino: Países Bajos); el umbral de 10.000,00 € para las ventas a distancia intracomunitarias se superó el 28/09/2023, por lo que a partir de esa entrega se aplica el IVA del país de destino (Países Bajos) al tipo del 20 %, declarado en una declaración de IVA (Países Bajos) (es necesario registrarse en ese país; la ventanilla única OSS lo evitaría).',
    );
    expect(explainTransaction(crossed, crossedContext, 'pl')).toBe(
      'Sprzedaż na odległość na rzecz konsumenta (kraj wysyłki: Niemcy, kraj przeznaczenia: Holandia); próg 10\u00a0000,00 € dla wewnątrzunijnej sprzedaży na odległość przekroczono 28.09.2023, więc od tej dostawy obowiązuje VAT kraju przeznaczenia (Holandia) według stawki 20%, wykazywany w deklaracji VAT (Holandia) (wymagana rejestracja w tym kraju; procedura OSS pozwoliłaby jej uniknąć).',
    );
  });

  it('names the OSS return of the member state of identification', () => {
    const context = { profile: WITH_SCHEMES, threshold: undefined };
    const sale = row({ treatment: 'intra-eu-distance-sale' });
    expect(explainTransaction(sale, context, 'fr')).toContain(
      "déclaration OSS de l'État membre d'identification (Allemagne)",
    );
    expect(explainTransaction(sale, context, 'it')).toContain('sportello unico OSS dal 01/07/2021');
    expect(explainTransaction(sale, context, 'es')).toContain('ventanilla única OSS desde el 01/07/2021');
    expect(explainTransaction(sale, context, 'pl')).toContain('procedurze OSS od 01.07.2021');
  });

  it('starts a refund with its own word in each language', () => {
    const refund = row({ treatment: 'domestic-sale', type: 'REFUND', arrivalCountry: 'DE' });
    const context = { profile: NO_SCHEMES, threshold: undefined };
    expect(explainTransaction(refund, context, 'fr')).toMatch(/^Remboursement : .*TVA \(Allemagne\)\.$/);
    expect(explainTransaction(refund, context, 'it')).toMatch(/^Rimborso: .*IVA \(Germania\)\.$/);
    expect(explainTransaction(refund, context, 'es')).toMatch(/^Devolución: .*IVA \(Alemania\)\.$/);
    expect(explainTransaction(refund, context, 'pl')).toMatch(/^Zwrot: .*VAT \(Niemcy\)\.$/);
  });

  it('writes rates and amounts the way each language does', () => {
    const reduced = row({ treatment: 'domestic-sale', departureCountry: 'FR', vatRate: '0.055' });
    const context = { profile: NO_SCHEMES, threshold: undefined };
    expect(explainTransaction(reduced, context, 'fr')).toContain('au taux de 5,5\u00a0%');
    expect(explainTransaction(reduced, context, 'it')).toContain('con aliquota 5,5%');
    expect(explainTransaction(reduced, context, 'es')).toContain('al tipo del 5,5 %');
    expect(explainTransaction(reduced, context, 'pl')).toContain('według stawki 5,5%');
  });

  it('tells an import with VAT from one without, whatever the language writes 0 % as', () => {
    for (const language of EXPLANATION_LANGUAGES) {
      const withVat = explainTransaction(
        row({ treatment: 'import', departureCountry: 'CN' }),
        crossedContext,
        language,
      );
      const without = explainTransaction(
        row({ treatment: 'import', departureCountry: 'CN', vatRate: '0' }),
        crossedContext,
        language,
      );
      expect(withVat).toMatch(/\(art\. 32/i);
      expect(without).not.toContain('32');
    }
  });

  it('has a complete text for every case and treatment in every language', () => {
    for (const { row: explained, profile, threshold } of CASES) {
      const context = { profile: profile ?? NO_SCHEMES, threshold };
      const texts = EXPLANATION_LANGUAGES.map((language) => explainTransaction(explained, context, language));
      for (const text of texts) {
        expect(text).not.toMatch(/\bundefined\b|\bnull\b|\bNaN\b|\[object|\$\{/);
        expect(text.length).toBeGreaterThan(40);
      }
      expect(new Set(texts).size).toBe(EXPLANATION_LANGUAGES.length);
    }
  });
});

describe('countryName', () => {
  it('names countries in each language, Northern Ireland included', () => {
    expect(EXPLANATION_LANGUAGES.map((language) => countryName('NL', language))).toEqual([
      'Netherlands',
      'Niederlande',
      'Pays-Bas',
      'Paesi Bassi',
      'Países Bajos',
      'Holandia',
    ]);
    expect(EXPLANATION_LANGUAGES.map((language) => countryName('XI', language))).toEqual([
      'Northern Ireland',
      'Nordirland',
      'Irlande du Nord',
      'Irlanda del Nord',
      'Irlanda del Norte',
      'Irlandia Północna',
    ]);
  });

  it('maps a UI language tag to its explanation language, English for any other', () => {
    expect(['fr', 'pl-PL', 'de-AT', 'es', 'it', 'en-GB', 'pt', '', undefined].map(explanationLanguageOf)).toEqual([
      'fr',
      'pl',
      'de',
      'es',
      'it',
      'en',
      'en',
      'en',
      'en',
    ]);
  });
});

describe('treatmentLabel', () => {
  it('has a distinct label in each language for each treatment', () => {
    for (const language of EXPLANATION_LANGUAGES) {
      const labels = TRANSACTION_TREATMENTS.map((treatment) => treatmentLabel(treatment, language));
      expect(new Set(labels).size).toBe(TRANSACTION_TREATMENTS.length);
    }
    expect(treatmentLabel('intra-eu-distance-sale', 'en')).toBe('EU distance sale');
    expect(treatmentLabel('intra-eu-distance-sale', 'de')).toBe('Innergemeinschaftlicher Fernverkauf');
    expect(EXPLANATION_LANGUAGES.map((language) => treatmentLabel('intra-eu-b2b-supply', language))).toEqual([
      'Intra-EU B2B supply',
      'Innergemeinschaftliche Lieferung (B2B)',
      'Livraison intracommunautaire (B2B)',
      'Cessione intracomunitaria (B2B)',
      'Entrega intracomunitaria (B2B)',
      'Wewnątrzwspólnotowa dostawa towarów (B2B)',
    ]);
  });

  it('has a text for every treatment in every language', () => {
    for (const language of EXPLANATION_LANGUAGES)
      for (const treatment of TRANSACTION_TREATMENTS) expect(treatmentLabel(treatment, language)).toMatch(/\S/);
  });
});
