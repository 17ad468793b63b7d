import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader, WorkspacePage } from '../../../components/ui/page-header';
import { paths } from '../../../config/paths';
import { useFormatters } from '../../../lib/format/format';
import { useAdminTenants } from '../api/list-admin-tenants';
import { AdminTable, cellClass } from '../components/admin-table';

export const linkClass =
  'font-medium text-fg underline decoration-primary decoration-2 underline-offset-2 hover:no-underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary';

export function TenantsPage() {
  const { t } = useTranslation();
  const format = useFormatters();
  const query = useAdminTenants();
  const items = query.data?.items ?? [];
  return (
    <WorkspacePage>
      <PageHeader title={t('adminArea.tenants.title')} description={t('adminArea.tenants.description')} />
      <AdminTable
        caption={t('adminArea.tenants.caption')}
        columns={['name', 'slug', 'theme', 'companies', 'users', 'actions'].map((key) => t(`adminArea.tenants.${key}`))}
        query={query}
        isEmpty={items.length === 0}
        empty={{ title: t('adminArea.tenants.empty'), text: t('adminArea.tenants.emptyText') }}
      >
        {items.map((tenant) => (
          <tr key={tenant.id}>
            <td className={`${cellClass} font-medium text-fg`}>{tenant.name}</td>
            <td className={`${cellClass} font-mono text-fg-secondary`}>{tenant.slug}</td>
            <td className={cellClass}>{tenant.themeId}</td>
            <td className={cellClass}>{format.number(tenant.companyCount)}</td>
            <td className={cellClass}>{format.number(tenant.userCount)}</td>
            <td className={cellClass}>
              <Link
                to={paths.admin.whiteLabel.getHref(tenant.id)}
                className={linkClass}
                aria-label={t('adminArea.tenants.editWhiteLabelOf', { name: tenant.name })}
              >
                {t('adminArea.tenants.editWhiteLabel')}
              </Link>
            </td>
          </tr>
        ))}
      </AdminTable>
    </WorkspacePage>
  );
}
