/** Who collects the VAT on the seller's marketplace sales (research §3a TAX_COLLECTION_RESPONSIBILITY, §6.2). */
export const MARKETPLACE_DEEMED_SUPPLIER_SHARES = ['none', 'some', 'all'] as const;
export type MarketplaceDeemedSupplierShare = (typeof MARKETPLACE_DEEMED_SUPPLIER_SHARES)[number];

/**
 * The answers of the tax-assessment questionnaire (research §6.2). Amounts are decimal strings: EU sales in EUR,
 * UK sales in GBP, Swiss amounts in CHF, Norwegian sales in NOK, each in the currency its threshold is set in, so no
 * exchange rate enters the assessment.
 */
export type QuestionnaireAnswers = {
  establishmentCountryCode: string;
  /** Countries where the seller keeps stock in its own or a third-party warehouse. */
  ownWarehouseCountries: string[];
  /** Countries where Amazon stores the seller's stock (FBA, Pan-EU). */
  fulfilmentCenterCountries: string[];
  /** Cross-border B2C sales of goods to consumers in other EU countries, net of VAT, EUR. */
  euDistanceSales: { currentYear: string; previousYear: string };
  /** How much of the B2C sales run through a marketplace that is the deemed supplier. */
  marketplaceDeemedSupplier: MarketplaceDeemedSupplierShare;
  /** Goods shipped from outside the EU to EU consumers in consignments of at most €150. */
  hasLowValueImports: boolean;
  /** Sales to consumers in the UK, GBP, current calendar year. */
  ukSales: string;
  /** Sales to consumers in Switzerland, CHF, current calendar year. */
  swissSales: string;
  /** Worldwide turnover, CHF, the base of the Swiss threshold. */
  worldwideTurnover: string;
  /** Sales to consumers in Norway within the last 12 months, NOK. */
  norwaySales: string;
};

export const EMPTY_QUESTIONNAIRE: QuestionnaireAnswers = {
  establishmentCountryCode: '',
  ownWarehouseCountries: [],
  fulfilmentCenterCountries: [],
  euDistanceSales: { currentYear: '0', previousYear: '0' },
  marketplaceDeemedSupplier: 'none',
  hasLowValueImports: false,
  ukSales: '0',
  swissSales: '0',
  worldwideTurnover: '0',
  norwaySales: '0',
};
