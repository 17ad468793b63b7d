/**
 * Legal forms a company may have, per establishment country: the 30 jurisdictions Vatlas serves (EU-27,
 * GB, CH, NO) plus a generic list for every other country. Codes are stable identifiers stored on the
 * company; `name` is the local designation the user recognises (it is the same in every UI language).
 * Sources: the national company registers' lists of legal forms as summarised in the EU e-Justice portal
 * "Business registers in EU countries", Companies House (GB), ZEFIX (CH), Brønnøysund (NO).
 */

export const COMPANY_TYPES = ['corporation', 'partnership', 'sole-trader', 'other'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

export type LegalForm = { code: string; name: string; companyType: CompanyType };

const f = (code: string, name: string, companyType: CompanyType): LegalForm => ({ code, name, companyType });

const OTHER_LEGAL_FORM = f('other', 'Other legal form', 'other');

/** Every other country: the generic kinds, so a seller from e.g. the US or CN can still describe itself. */
export const GENERIC_LEGAL_FORMS: readonly LegalForm[] = [
  f('limited-company', 'Limited liability company', 'corporation'),
  f('public-company', 'Public limited company / corporation', 'corporation'),
  f('partnership', 'Partnership', 'partnership'),
  f('limited-partnership', 'Limited partnership', 'partnership'),
  f('sole-proprietorship', 'Sole proprietorship', 'sole-trader'),
  OTHER_LEGAL_FORM,
];

export const LEGAL_FORMS_BY_COUNTRY: Readonly<Record<string, readonly LegalForm[]>> = {
  AT: [
    f('gmbh', 'GmbH', 'corporation'),
    f('ag', 'AG', 'corporation'),
    f('og', 'OG', 'partnership'),
    f('kg', 'KG', 'partnership'),
    f('eu', 'e.U.', 'sole-trader'),
    f('einzelunternehmen', 'Einzelunternehmen', 'sole-trader'),
  ],
  BE: [
    f('srl-bv', 'SRL / BV', 'corporation'),
    f('sa-nv', 'SA / NV', 'corporation'),
    f('sc-cv', 'SC / CV', 'corporation'),
    f('snc-vof', 'SNC / VOF', 'partnership'),
    f('scomm-commv', 'SComm / CommV', 'partnership'),
    f('ei-eo', 'Entreprise individuelle / Eenmanszaak', 'sole-trader'),
  ],
  BG: [
    f('ood', 'ООД (OOD)', 'corporation'),
    f('eood', 'ЕООД (EOOD)', 'corporation'),
    f('ad', 'АД (AD)', 'corporation'),
    f('sd', 'СД (SD)', 'partnership'),
    f('kd', 'КД (KD)', 'partnership'),
    f('et', 'ЕТ (ET)', 'sole-trader'),
  ],
  HR: [
    f('doo', 'd.o.o.', 'corporation'),
    f('jdoo', 'j.d.o.o.', 'corporation'),
    f('dd', 'd.d.', 'corporation'),
    f('jtd', 'j.t.d.', 'partnership'),
    f('kd', 'k.d.', 'partnership'),
    f('obrt', 'Obrt', 'sole-trader'),
  ],
  CY: [
    f('ltd', 'Private company limited by shares (Ltd)', 'corporation'),
    f('plc', 'Public company (PLC)', 'corporation'),
    f('gp', 'General partnership', 'partnership'),
    f('lp', 'Limited partnership', 'partnership'),
    f('sole-trader', 'Sole trader', 'sole-trader'),
  ],
  CZ: [
    f('sro', 's.r.o.', 'corporation'),
    f('as', 'a.s.', 'corporation'),
    f('vos', 'v.o.s.', 'partnership'),
    f('ks', 'k.s.', 'partnership'),
    f('osvc', 'OSVČ (živnostník)', 'sole-trader'),
  ],
  DK: [
    f('aps', 'ApS', 'corporation'),
    f('as', 'A/S', 'corporation'),
    f('is', 'I/S', 'partnership'),
    f('ks', 'K/S', 'partnership'),
    f('enkeltmandsvirksomhed', 'Enkeltmandsvirksomhed', 'sole-trader'),
  ],
  EE: [
    f('ou', 'OÜ', 'corporation'),
    f('as', 'AS', 'corporation'),
    f('tu', 'TÜ', 'partnership'),
    f('uu', 'UÜ', 'partnership'),
    f('fie', 'FIE', 'sole-trader'),
  ],
  FI: [
    f('oy', 'Oy', 'corporation'),
    f('oyj', 'Oyj', 'corporation'),
    f('ay', 'Ay', 'partnership'),
    f('ky', 'Ky', 'partnership'),
    f('tmi', 'Toiminimi (Tmi)', 'sole-trader'),
  ],
  FR: [
    f('sarl', 'SARL', 'corporation'),
    f('eurl', 'EURL', 'corporation'),
    f('sas', 'SAS', 'corporation'),
    f('sasu', 'SASU', 'corporation'),
    f('sa', 'SA', 'corporation'),
    f('snc', 'SNC', 'partnership'),
    f('scs', 'SCS', 'partnership'),
    f('ei', 'EI (entreprise individuelle)', 'sole-trader'),
    f('micro-entreprise', 'Micro-entreprise', 'sole-trader'),
  ],
  DE: [
    f('gmbh', 'GmbH', 'corporation'),
    f('ug', 'UG (haftungsbeschränkt)', 'corporation'),
    f('ag', 'AG', 'corporation'),
    f('gmbh-co-kg', 'GmbH & Co. KG', 'partnership'),
    f('gbr', 'GbR', 'partnership'),
    f('ohg', 'OHG', 'partnership'),
    f('kg', 'KG', 'partnership'),
    f('ek', 'e.K.', 'sole-trader'),
    f('einzelunternehmen', 'Einzelunternehmen', 'sole-trader'),
  ],
  GR: [
    f('ike', 'ΙΚΕ (IKE)', 'corporation'),
    f('epe', 'ΕΠΕ (EPE)', 'corporation'),
    f('ae', 'ΑΕ (AE)', 'corporation'),
    f('oe', 'ΟΕ (OE)', 'partnership'),
    f('ee', 'ΕΕ (EE)', 'partnership'),
    f('atomiki', 'Ατομική επιχείρηση', 'sole-trader'),
  ],
  HU: [
    f('kft', 'Kft.', 'corporation'),
    f('zrt', 'Zrt.', 'corporation'),
    f('nyrt', 'Nyrt.', 'corporation'),
    f('kkt', 'Kkt.', 'partnership'),
    f('bt', 'Bt.', 'partnership'),
    f('ev', 'Egyéni vállalkozó', 'sole-trader'),
  ],
  IE: [
    f('ltd', 'Private company limited by shares (LTD)', 'corporation'),
    f('dac', 'DAC', 'corporation'),
    f('plc', 'PLC', 'corporation'),
    f('partnership', 'Partnership', 'partnership'),
    f('lp', 'Limited partnership', 'partnership'),
    f('sole-trader', 'Sole trader', 'sole-trader'),
  ],
  IT: [
    f('srl', 'S.r.l.', 'corporation'),
    f('srls', 'S.r.l.s.', 'corporation'),
    f('spa', 'S.p.A.', 'corporation'),
    f('snc', 'S.n.c.', 'partnership'),
    f('sas', 'S.a.s.', 'partnership'),
    f('ditta-individuale', 'Ditta individuale', 'sole-trader'),
  ],
  LV: [
    f('sia', 'SIA', 'corporation'),
    f('as', 'AS', 'corporation'),
    f('ps', 'PS', 'partnership'),
    f('ks', 'KS', 'partnership'),
    f('ik', 'IK', 'sole-trader'),
  ],
  LT: [
    f('uab', 'UAB', 'corporation'),
    f('ab', 'AB', 'corporation'),
    f('tub', 'TŪB', 'partnership'),
    f('kub', 'KŪB', 'partnership'),
    f('iv', 'IĮ / individuali veikla', 'sole-trader'),
  ],
  LU: [
    f('sarl', 'S.à r.l.', 'corporation'),
    f('sarl-s', 'S.à r.l.-S', 'corporation'),
    f('sa', 'S.A.', 'corporation'),
    f('senc', 'S.e.n.c.', 'partnership'),
    f('secs', 'S.e.c.s.', 'partnership'),
    f('ei', 'Entreprise individuelle', 'sole-trader'),
  ],
  MT: [
    f('ltd', 'Private limited liability company (Ltd)', 'corporation'),
    f('plc', 'Public limited liability company (PLC)', 'corporation'),
    f('gp', 'Partnership en nom collectif', 'partnership'),
    f('lp', 'Partnership en commandite', 'partnership'),
    f('sole-trader', 'Sole trader', 'sole-trader'),
  ],
  NL: [
    f('bv', 'B.V.', 'corporation'),
    f('nv', 'N.V.', 'corporation'),
    f('vof', 'V.O.F.', 'partnership'),
    f('cv', 'C.V.', 'partnership'),
    f('maatschap', 'Maatschap', 'partnership'),
    f('eenmanszaak', 'Eenmanszaak', 'sole-trader'),
  ],
  PL: [
    f('sp-zoo', 'sp. z o.o.', 'corporation'),
    f('sa', 'S.A.', 'corporation'),
    f('psa', 'P.S.A.', 'corporation'),
    f('sp-j', 'sp.j.', 'partnership'),
    f('sp-k', 'sp.k.', 'partnership'),
    f('sc', 'Spółka cywilna', 'partnership'),
    f('jdg', 'Jednoosobowa działalność gospodarcza', 'sole-trader'),
  ],
  PT: [
    f('lda', 'Lda.', 'corporation'),
    f('unipessoal-lda', 'Unipessoal Lda.', 'corporation'),
    f('sa', 'S.A.', 'corporation'),
    f('snc', 'Sociedade em nome coletivo', 'partnership'),
    f('eni', 'Empresário em nome individual (ENI)', 'sole-trader'),
  ],
  RO: [
    f('srl', 'S.R.L.', 'corporation'),
    f('sa', 'S.A.', 'corporation'),
    f('snc', 'S.N.C.', 'partnership'),
    f('scs', 'S.C.S.', 'partnership'),
    f('pfa', 'PFA', 'sole-trader'),
    f('ii', 'Întreprindere individuală (II)', 'sole-trader'),
  ],
  SK: [
    f('sro', 's.r.o.', 'corporation'),
    f('as', 'a.s.', 'corporation'),
    f('vos', 'v.o.s.', 'partnership'),
    f('ks', 'k.s.', 'partnership'),
    f('zivnostnik', 'Živnostník (SZČO)', 'sole-trader'),
  ],
  SI: [
    f('doo', 'd.o.o.', 'corporation'),
    f('dd', 'd.d.', 'corporation'),
    f('dno', 'd.n.o.', 'partnership'),
    f('kd', 'k.d.', 'partnership'),
    f('sp', 's.p.', 'sole-trader'),
  ],
  ES: [
    f('sl', 'S.L.', 'corporation'),
    f('slu', 'S.L.U.', 'corporation'),
    f('sa', 'S.A.', 'corporation'),
    f('sc', 'Sociedad colectiva', 'partnership'),
    f('scom', 'Sociedad comanditaria', 'partnership'),
    f('autonomo', 'Autónomo', 'sole-trader'),
  ],
  SE: [
    f('ab', 'Aktiebolag (AB)', 'corporation'),
    f('hb', 'Handelsbolag (HB)', 'partnership'),
    f('kb', 'Kommanditbolag (KB)', 'partnership'),
    f('enskild-firma', 'Enskild firma', 'sole-trader'),
  ],
  GB: [
    f('ltd', 'Private limited company (Ltd)', 'corporation'),
    f('plc', 'Public limited company (PLC)', 'corporation'),
    f('llp', 'Limited liability partnership (LLP)', 'partnership'),
    f('partnership', 'Partnership', 'partnership'),
    f('lp', 'Limited partnership', 'partnership'),
    f('sole-trader', 'Sole trader', 'sole-trader'),
  ],
  CH: [
    f('gmbh-sarl', 'GmbH / Sàrl', 'corporation'),
    f('ag-sa', 'AG / SA', 'corporation'),
    f('kollektivgesellschaft', 'Kollektivgesellschaft / Société en nom collectif', 'partnership'),
    f('kommanditgesellschaft', 'Kommanditgesellschaft / Société en commandite', 'partnership'),
    f('einzelunternehmen', 'Einzelunternehmen / Entreprise individuelle', 'sole-trader'),
  ],
  NO: [
    f('as', 'AS', 'corporation'),
    f('asa', 'ASA', 'corporation'),
    f('ans', 'ANS', 'partnership'),
    f('da', 'DA', 'partnership'),
    f('ks', 'KS', 'partnership'),
    f('enk', 'Enkeltpersonforetak (ENK)', 'sole-trader'),
  ],
};

/** The 30 jurisdictions with a country-specific list; every other code gets GENERIC_LEGAL_FORMS. */
export const COUNTRIES_WITH_LEGAL_FORMS: readonly string[] = Object.keys(LEGAL_FORMS_BY_COUNTRY);

/** The legal forms of a country, optionally only those of one company type. */
export function legalFormsFor(countryCode: string, companyType?: CompanyType): readonly LegalForm[] {
  const specific = LEGAL_FORMS_BY_COUNTRY[countryCode.toUpperCase()];
  // Foundations, cooperatives, branches…: an escape hatch so no seller is locked out by the list.
  const forms = specific ? [...specific, OTHER_LEGAL_FORM] : GENERIC_LEGAL_FORMS;
  return companyType ? forms.filter((form) => form.companyType === companyType || form.companyType === 'other') : forms;
}

export function findLegalForm(countryCode: string, code: string): LegalForm | undefined {
  return legalFormsFor(countryCode).find((form) => form.code === code);
}

/** Why a (country, type, form) answer is rejected; undefined when it is valid. */
export function checkLegalForm(
  countryCode: string,
  companyType: CompanyType,
  code: string,
): 'unknown-legal-form' | 'company-type-mismatch' | undefined {
  const form = findLegalForm(countryCode, code);
  if (!form) return 'unknown-legal-form';
  if (form.companyType !== companyType && form.companyType !== 'other') return 'company-type-mismatch';
  return undefined;
}
