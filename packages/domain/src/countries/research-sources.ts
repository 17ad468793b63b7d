/**
 * The sources the rules cite, by their keys in ../shared/domain/vat-rules-research.md (§7, and §1 for [IBR]), each
 * with its address as the research gives it. The research shortens some addresses ("avalara.com/…/vatlive/…", the
 * Essentia pages, DATEV's) or names a site and a document rather than a page: those keep their key and address but
 * get no link, since a guessed page would send a reviewer somewhere the research never looked.
 */
export const RESEARCH_SOURCES = {
  'AMZ-FD': 'sellercentral.amazon.co.uk/gp/help/external/help.html?itemID=202098210 (VTR field definitions)',
  'AMZ-VCS': 'sellercentral-europe.amazon.com/gp/help/external/help.html?itemID=4WG5HY2Y57L8EUP',
  'CH-AVTR': 'service.consultinghouse.eu/en/knowledge/what-is-the-amazon-vat-transactions-report',
  TAXOMATE: 'docs.taxomate.com/en/articles/6654621',
  'AV-AT': 'avalara.com/…/vatlive/…/country-guides/europe/austria/austrian-vat-returns',
  'AV-BE-FR': 'avalara.com/…/vatlive/…/country-guides/europe/belgium/fiscal-representative-belgium',
  'AV-BG': 'avalara.com/…/vatlive/…/country-guides/europe/bulgaria/bulgarian-vat-returns',
  'AV-CY': 'avalara.com/…/vatlive/…/country-guides/europe/cyprus/cyprus-vat-returns',
  'AV-CZ-ESL': 'avalara.com/…/vatlive/…/country-guides/europe/czech-republic/czech-ec-sales-lists-esl',
  'AV-DE': 'avalara.com/…/vatlive/…/country-guides/europe/germany/german-vat-returns',
  'AV-ES': 'avalara.com/…/vatlive/…/country-guides/europe/spain/spanish-vat-returns',
  'AV-ES-ESL': 'avalara.com/…/vatlive/…/country-guides/europe/spain/spanish-ec-sales-lists-esl',
  'AV-FR': 'avalara.com/…/vatlive/…/country-guides/europe/france/french-vat-returns',
  'AV-GR': 'avalara.com/…/vatlive/…/country-guides/europe/greece/greek-vat-returns',
  'AV-IE': 'avalara.com/…/vatlive/…/country-guides/europe/ireland/irish-vat-returns',
  'AV-IT': 'avalara.com/…/vatlive/…/country-guides/europe/italy/italian-vat-returns',
  'AV-LT-ESL': 'avalara.com/…/vatlive/…/country-guides/europe/lithuanian/lithuanian-ec-sales-list',
  'AV-LV': 'avalara.com/…/vatlive/…/country-guides/europe/latvia/latvian-vat-returns',
  'AV-NL': 'avalara.com/…/vatlive/…/country-guides/europe/netherlands/dutch-vat-returns',
  'AV-PL': 'avalara.com/…/vatlive/…/country-guides/europe/poland/polish-vat-returns',
  'AV-PT': 'avalara.com/…/vatlive/…/country-guides/europe/portugal/portuguese-vat-returns',
  'AV-RO': 'avalara.com/…/vatlive/…/country-guides/europe/romania/romanian-vat-returns',
  'AV-SE': 'avalara.com/…/vatlive/…/country-guides/europe/sweden/swedish-vat-returns',
  'AV-SI': 'avalara.com/…/vatlive/…/country-guides/europe/slovenia/slovenian-vat-returns',
  'AV-SK': 'avalara.com/…/vatlive/…/country-guides/europe/slovakia/slovakian-vat-returns',
  'AV-CH': 'avalara.com/…/vatlive/…/country-guides/europe/switzerland/swiss-vat-registration',
  'MAR-DE': 'marosavat.com/it/manual/iva-europa/germania/returns',
  'MAR-DE-ESL': 'marosavat.com/en/resources/manuals/german-vat-basics/due-date-and-frequency-of-german-esl-returns',
  'MAR-BE': 'marosavat.com/manual/vat/belgium/returns',
  'MAR-GR': 'marosavat.com/manual/vat/greece/returns',
  'MAR-FI': 'marosavat.com/manual/vat/finland/returns',
  'MAR-NL':
    'marosavat.com/manual/the-netherlands/vat-returns-in-the-netherlands/vat-return-due-dates-in-the-netherlands',
  'ANOVA-HR': 'anova.si/en/vat/vat-compliance/vat-croatia',
  'ANOVA-IT': 'anova.si/en/vat/vat-compliance/vat-italy',
  'USP-AT':
    'usp.gv.at/en/themen/steuern-finanzen/umsatzsteuer-ueberblick/umsatzsteuervoranmeldung-und-umsatzsteuererklaerung.html',
  'FIN-BE': 'finance.belgium.be/en/enterprises/vat/declaration/periodic-return',
  EMTA: 'emta.ee/en/node/337/chapter/55',
  VERO: 'vero.fi/en/businesses-and-corporations/taxes-and-charges/vat/when-to-file-and-pay',
  AADE: 'aade.gr/en/businesses/tax-services/vat/vat-vies-returns',
  VMI: 'vmi.lt/evmi/en/kaip-galima-pateikti-prašymą-įregistruoti-pvm-mokėtoju-',
  'VID-LV': 'vid.gov.lv/en/services/vat-return',
  'SKE-NO':
    'skatteetaten.no/en/business-and-organisation/foreign/foreign-companies/vat/registering-in-the-value-added-tax-register/',
  'HMRC-NETP': 'gov.uk/hmrc-internal-manuals/vat-registration-manual/vatreg37210',
  AEAT: 'sede.agenciatributaria.gob.es (Manual IVA 2023, art. 73 LIVA)',
  'VD-BE': 'vatdesk.eu/en/vat-return/belgium-monthly-or-quarterly-vat-return',
  'VD-BG': 'vatdesk.eu/en/bulgaria/',
  'VD-FI': 'vatdesk.eu/en/finland-2/',
  'VD-FR': 'vatdesk.fr/en/vat-guide-2020-in-france/',
  'ESS-AT': 'essentiaglobalservices.com/countries/…',
  'ESS-BE': 'essentiaglobalservices.com/countries/…',
  'ESS-DK': 'essentiaglobalservices.com/countries/…',
  'ESS-FR': 'essentiaglobalservices.com/countries/…',
  'ESS-HR': 'essentiaglobalservices.com/countries/…',
  'ESS-LT': 'essentiaglobalservices.com/countries/…',
  'ESS-LV': 'essentiaglobalservices.com/countries/…',
  'ESS-MT': 'essentiaglobalservices.com/countries/…',
  'ESS-NO': 'essentiaglobalservices.com/countries/…',
  'ESS-CH': 'essentiaglobalservices.com/countries/…',
  'EUVAT-DK': 'euvat.org/vat-returns-denmark',
  'EUVAT-CH': 'euvat.org/vat-returns-switzerland',
  DATEV: 'datev.de/…/umsatzsteuererklaerung-frist-puenktlich-abgeben',
  DVR: 'danish-vat-reg.com/vat-obligations',
  'GVC-HR': 'globalvatcompliance.com/vat-returns-vat-recovery-in-croatia',
  'YT-CZ': 'yourtaxes.cz/en/vat-return-czech-republic',
  HUVAT: 'hungarianvat.hu/hu-reporting-e-vat',
  'CTAX-IE': 'ctaxsolutions.com/vat-news/2017/2/14/ireland-vat-filing-periods',
  GRABER: 'graber-partner.com/en/lexicon/75-…-lipe.html',
  'VC-LV': 'vatcalc.com/latvia/latvia-moves-vat-return-deadline-to-23rd',
  'MER-LU': 'meridianglobalservices.com/country-profile-luxemburg',
  'MHQ-LU': 'mhqsolutions.com/page/gb/43/dclaration',
  'BORG-MT': 'borggalea.com/vat-submissions-and-deadlines',
  'TBI-PT': 'taxbackinternational.com/blog/portugal-new-deadlines-for-vat-payments',
  'MER-SK': 'meridianglobalservices.com/blog/2023/10/25/slovakia-proposed-vat-measures-in-2024',
  FS: 'fiscalsolutions.co.uk/amazon-english',
  'PENALTY-UK': 'penaltyproof.co.uk/deadlines/vat-return-deadline',
  'RC-UK': 'rightchoiceconsulting.co.uk/vat-return-deadline',
  'WRA-UK':
    'whiteroseaccountants.com/detailed-guide-vat-overseas-business-using-online-marketplace-to-sell-goods-in-the-uk',
  'TR-CH': 't-r.ch/en/useful-tools/faq-vat-settlement-and-payment',
  'DIGI-CH': 'digi.swiss/local-representation-for-swiss-vat-for-foreign-companies',
  'NO-REP': 'info.yt01.ai.basefarm.net/en/…/vat-specific-information-for-foreign-companies',
  'NO-DATES': 'horgregnskap.no/frister; co-x.no/aktuelle-frister',
  'GT-NO': 'grantthornton.no/en/insights/news/vat-in-norway22',
  'NWB-59c': 'datenbank.nwb.de/Dokument/452295_Article59c',
  'BR-369f': 'service.betterregulation.com/document/248621',
  'BR-369g': 'service.betterregulation.com/document/248622',
  'NWB-366': 'datenbank.nwb.de/Dokument/Anzeigen/452295_Article366',
  'NWB-369xh': 'datenbank.nwb.de/Dokument/452295_369xh',
  'NWB-369k': 'datenbank.nwb.de/Dokument/452295_Article369k',
  'BR-369x': 'service.betterregulation.com/document/316774',
  'NWB-364': 'datenbank.nwb.de/Dokument/452295_Article364',
  'NWB-369s': 'datenbank.nwb.de/Dokument/452295_Article369s',
  'MDC-IOSS': 'mydutycollect.eu/mdc/ioss-exchange-rate',
  'IOSS-FAQ': 'ioss.mydutycollect.eu/faq',
  STAXXER: 'help.staxxer.com/en/which-transactions-fall-under-oss-declaration-and-which-under-local-declaration',
  WORDSCOPE: 'wordscope.be (Art. 91 translation snippet)',
  'SHOP-TRANSPORTER': 'help.shopify.com/en/manual/migrating-to-shopify/transporter-app/csv-orders',
  MATRIXIFY: 'matrixify.app/documentation/orders',
  'ETSY-HELP': 'help.etsy.com/hc/en-us/articles/360016265394',
  'ECB-PAGE': 'ecb.europa.eu/stats/policy_and_exchange_rates/euro_reference_exchange_rates/html/index.en.html',
  IBR: 'ibericode/vat-rates, vat-rates.json (MIT, commit 2025-08-12)',
} as const satisfies Record<string, string>;

/** A key of the research's source list, for example 'AV-DE'. */
export type SourceKey = keyof typeof RESEARCH_SOURCES;

/** The research's address of a source, as it gives it, or undefined for a key it does not list. */
export function sourceAddress(key: string): string | undefined {
  return Object.hasOwn(RESEARCH_SOURCES, key) ? RESEARCH_SOURCES[key as SourceKey] : undefined;
}

/**
 * The page a source can be opened at: its address over https, where the research gives the whole address of one
 * page (no "…" left out, not a site and a document named in words); otherwise undefined.
 */
export function sourceUrl(key: string): string | undefined {
  const address = sourceAddress(key);
  if (address === undefined || address.includes('…') || /\s/.test(address)) return undefined;
  return `https://${address}`;
}
