import type { User } from '@vatlas/contract';
import type { Db } from '../../db/client';
import { type CompanyRecord, listCompaniesOfUser } from '../company/repository';
import { toCompanySummary } from '../company/service';
import type { UserRecord } from './repository';

/**
 * The company a user works in: the token's choice while it is still a membership, else the
 * stored preference if still a membership, else the first company by name, else none.
 */
export function resolveSelectedCompanyId(
  user: Pick<UserRecord, 'selectedCompanyId'>,
  companies: Pick<CompanyRecord, 'id'>[],
  tokenCompanyId: string | null,
): string | null {
  const isMember = (companyId: string | null): companyId is string =>
    companyId !== null && companies.some((company) => company.id === companyId);
  if (isMember(tokenCompanyId)) return tokenCompanyId;
  if (isMember(user.selectedCompanyId)) return user.selectedCompanyId;
  return companies[0]?.id ?? null;
}

export async function getCurrentUser(db: Db, user: UserRecord, tokenCompanyId: string | null): Promise<User> {
  const companies = await listCompaniesOfUser(db, user.id);
  const selectedCompanyId = resolveSelectedCompanyId(user, companies, tokenCompanyId);
  const summaries = companies.map(toCompanySummary);
  return {
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    language: user.language,
    selectedCompanyId,
    selectedCompany: summaries.find((company) => company.id === selectedCompanyId) ?? null,
    selectedTenantId: user.tenantId,
    companies: summaries,
    isAdmin: user.isAdmin,
  };
}
