import {
  type JurisdictionInfo,
  type JurisdictionInfoResponse,
  type JurisdictionsResponse,
  type QuestionnaireAnswersBody,
  type QuestionnaireResponse,
  questionnaireAnswersSchema,
  type TaxAssessmentDto,
  taxAssessmentSchema,
} from '@vatlas/contract';
import {
  assessTaxRegistration,
  COUNTRY_RULES,
  isEuCountry,
  needsFiscalRepresentative,
  requiredDocumentsForRule,
} from '@vatlas/domain';
import type { Db } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import { isUuid } from '../company/repository';
import { markStepCompleted } from '../onboarding/step-service';
import { recomputeTaxPosition } from '../tax-position/service';
import {
  findEstablishmentCountryCode,
  findQuestionnaire,
  type JurisdictionSelection,
  listJurisdictions,
  replaceJurisdictions,
  saveQuestionnaire,
} from './repository';

function requireCompanyId(companyId: string): void {
  // The company guard has checked membership; a non-uuid never reaches here, but the cast must not reach SQL.
  if (!isUuid(companyId)) throw new HttpError(404, 'company_not_found', 'The company does not exist.');
}

/** Stored jsonb is read back through the contract, so a row written by an older rule set cannot break the answer. */
function readStored(db: Db, companyId: string) {
  return findQuestionnaire(db, companyId).then((row) => {
    const answers = questionnaireAnswersSchema.safeParse(row?.questionnaire);
    const assessment = taxAssessmentSchema.safeParse(row?.assessment);
    return {
      answers: answers.success ? answers.data : null,
      assessment: assessment.success ? assessment.data : null,
      assessedAt: row?.assessedAt ?? null,
    };
  });
}

export async function getQuestionnaire(db: Db, companyId: string): Promise<QuestionnaireResponse> {
  requireCompanyId(companyId);
  const stored = await readStored(db, companyId);
  return { ...stored, assessedAt: stored.assessedAt?.toISOString() ?? null };
}

export async function updateQuestionnaire(
  db: Db,
  companyId: string,
  answers: QuestionnaireAnswersBody,
): Promise<QuestionnaireResponse> {
  requireCompanyId(companyId);
  const assessment: TaxAssessmentDto = assessTaxRegistration(answers);
  const assessedAt = new Date();
  await saveQuestionnaire(db, companyId, { questionnaire: answers, assessment, assessedAt });
  return { answers, assessment, assessedAt: assessedAt.toISOString() };
}

export async function getJurisdictions(db: Db, companyId: string): Promise<JurisdictionsResponse> {
  requireCompanyId(companyId);
  const [{ assessment }, rows] = await Promise.all([readStored(db, companyId), listJurisdictions(db, companyId)]);
  const saved = new Map(rows.map((row) => [row.countryCode.trim(), row]));
  const isSaved = rows.length > 0;
  return {
    isSaved,
    hasAssessment: assessment !== null,
    jurisdictions: COUNTRY_RULES.map((rule) => {
      const assessed = assessment?.jurisdictions.find((item) => item.countryCode === rule.code);
      const isRecommended = assessed?.isRequired ?? false;
      return {
        countryCode: rule.code,
        isEu: rule.isEu,
        // Until the user saves a choice, the assessment's required countries are pre-selected.
        selected: isSaved ? saved.has(rule.code) : isRecommended,
        isRecommended,
        reasons: assessed?.reasons ?? [],
      };
    }),
  };
}

export async function updateJurisdictions(
  db: Db,
  companyId: string,
  countryCodes: readonly string[],
): Promise<JurisdictionsResponse> {
  requireCompanyId(companyId);
  const { assessment } = await readStored(db, companyId);
  const selection: JurisdictionSelection[] = countryCodes.map((countryCode) => {
    const assessed = assessment?.jurisdictions.find((item) => item.countryCode === countryCode);
    return {
      countryCode,
      source: assessed?.isRequired ? 'assessment' : 'user',
      reasons: assessed?.reasons ?? [],
    };
  });
  // All or nothing: the selection, the completed step and the tax position that depends on the registrations (the
  // EC Sales List's transfer lines take the company's VAT number in the arrival country) are one change.
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await replaceJurisdictions(txDb, companyId, selection);
    await markStepCompleted(txDb, companyId, 'jurisdictions');
    await recomputeTaxPosition(txDb, companyId);
  });
  return getJurisdictions(db, companyId);
}

export async function getJurisdictionInfo(db: Db, companyId: string): Promise<JurisdictionInfoResponse> {
  requireCompanyId(companyId);
  const [{ answers }, rows, companyCountry] = await Promise.all([
    readStored(db, companyId),
    listJurisdictions(db, companyId),
    findEstablishmentCountryCode(db, companyId),
  ]);
  // The questionnaire's answer is the newer statement of where the seller is established; the company row is the
  // fallback when the assessment was skipped.
  const establishmentCountryCode = answers?.establishmentCountryCode ?? companyCountry;
  const seller = {
    isEuEstablished: establishmentCountryCode ? isEuCountry(establishmentCountryCode) : false,
    establishmentCountryCode: establishmentCountryCode ?? undefined,
  };
  const selected = new Set(rows.map((row) => row.countryCode.trim()));
  const jurisdictions: JurisdictionInfo[] = COUNTRY_RULES.filter((rule) => selected.has(rule.code)).map((rule) => ({
    countryCode: rule.code,
    isEu: rule.isEu,
    currency: rule.currency.value,
    vatPrefix: rule.vatPrefix.value,
    nonResidentThreshold: { ...rule.nonResidentThreshold, sources: [...rule.nonResidentThreshold.sources] },
    needsFiscalRepresentative: needsFiscalRepresentative(rule, seller),
    fiscalRepresentative: { ...rule.fiscalRepresentative, sources: [...rule.fiscalRepresentative.sources] },
    proposedReturnFrequency: {
      ...rule.proposedReturnFrequency,
      sources: [...rule.proposedReturnFrequency.sources],
    },
    documents: requiredDocumentsForRule(rule, seller).map((doc) => ({ type: doc.type, sources: [...doc.sources] })),
  }));
  return { establishmentCountryCode, isEuEstablished: seller.isEuEstablished, jurisdictions };
}
