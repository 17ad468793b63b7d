import type { AdminCompany } from '@vatlas/contract';
import { useTranslation } from 'react-i18next';
import { PageHeader, WorkspacePage } from '../../../components/ui/page-header';
import { paths } from '../../../config/paths';
import { useFormatters } from '../../../lib/format/format';
import { useAdminCompanies } from '../api/list-admin-companies';
import { AdminTable, cellClass, Pager } from '../components/admin-table';
import { SearchForm } from '../components/search-form';
import { ADMIN_PAGE_SIZE, toQuery, useTableParams } from '../hooks/use-table-params';

const onboardingPages = Object.values(paths.onboarding);

function OnboardingState({ onboarding }: { onboarding: AdminCompany['onboarding'] }) {
  const { t } = useTranslation();
  if (onboarding.isComplete) return <span className="text-success">{t('adminArea.companies.onboardingComplete')}</span>;
  const page = onboardingPages.find((candidate) => candidate.path === onboarding.nextPath);
  return (
    <span>
      {t('adminArea.companies.onboardingNext', {
        percent: onboarding.completionPercentage,
        step: page ? t(page.titleKey) : (onboarding.nextPath ?? t('adminArea.common.none')),
      })}
    </span>
  );
}

export function CompaniesPage() {
  const { t } = useTranslation();
  const format = useFormatters();
  const { offset, filters, setFilter, setOffset } = useTableParams(['search']);
  const query = useAdminCompanies(toQuery({ search: filters.search, offset, limit: ADMIN_PAGE_SIZE }));
  const items = query.data?.items ?? [];
  return (
    <WorkspacePage wide>
      <PageHeader title={t('adminArea.companies.title')} description={t('adminArea.companies.description')} />
      <SearchForm
        label={t('adminArea.companies.searchLabel')}
        value={filters.search}
        onSearch={(value) => setFilter('search', value)}
      />
      <AdminTable
        caption={t('adminArea.companies.caption')}
        columns={['name', 'vatNumber', 'tenant', 'onboarding', 'subscriptions', 'users'].map((key) =>
          t(`adminArea.companies.${key}`),
        )}
        query={query}
        isEmpty={items.length === 0}
        empty={
          filters.search
            ? { title: t('adminArea.companies.empty'), text: t('adminArea.companies.emptyText') }
            : { title: t('adminArea.companies.emptyAll'), text: t('adminArea.companies.emptyAllText') }
        }
      >
        {items.map((company) => (
          <tr key={company.id}>
            <td className={`${cellClass} font-medium text-fg`}>
              {company.legalNameOfBusiness}
              {company.establishmentCountryCode ? (
                <span className="ml-1 text-fg-secondary">({company.establishmentCountryCode})</span>
              ) : null}
            </td>
            <td className={`${cellClass} font-mono`}>{company.vatNumber ?? t('adminArea.common.none')}</td>
            <td className={cellClass}>{company.tenantName}</td>
            <td className={cellClass}>
              <OnboardingState onboarding={company.onboarding} />
            </td>
            <td className={cellClass}>
              {company.subscriptionCountryCodes.length > 0
                ? company.subscriptionCountryCodes.join(', ')
                : t('adminArea.common.none')}
            </td>
            <td className={cellClass}>{format.number(company.userCount)}</td>
          </tr>
        ))}
      </AdminTable>
      {query.data ? (
        <Pager offset={offset} limit={ADMIN_PAGE_SIZE} total={query.data.total} onChange={setOffset} />
      ) : null}
    </WorkspacePage>
  );
}
