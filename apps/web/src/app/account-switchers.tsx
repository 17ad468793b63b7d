import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthServices } from '../lib/auth/auth-services';
import { useAuthStore } from '../lib/auth/auth-store';
import { cn } from '../lib/cn';

const selectClassName =
  'rounded-md border border-border bg-surface px-3 py-2 text-sm text-fg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-60';

function LabelledSelect({
  label,
  value,
  options,
  isDisabled,
  onChange,
}: {
  label: string;
  value: string;
  options: { id: string; name: string }[];
  isDisabled: boolean;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-fg-secondary">
        {label}
      </label>
      <select id={id} className={selectClassName} value={value} disabled={isDisabled} onChange={onChange}>
        {/* Without a selection the select says so instead of pretending the first company is chosen. */}
        {value === '' ? <option value="">—</option> : null}
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Spec §6: users switch company (Token/ChangeCompany) and tenant (Token/ChangeTenant). Native selects: labelled,
 * keyboard-usable and announced by every screen reader without extra ARIA.
 */
export function AccountSwitchers({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { switchCompany, switchTenant } = useAuthServices();
  const companies = useAuthStore((state) => state.user?.companies ?? []);
  const tenants = useAuthStore((state) => state.user?.tenants ?? []);
  const selectedTenantId = useAuthStore((state) => state.user?.selectedTenantId ?? '');
  const selectedCompanyId = useAuthStore((state) => state.selectedCompanyId ?? '');
  const [isSwitching, setIsSwitching] = useState(false);

  const run = async (change: () => Promise<unknown>) => {
    setIsSwitching(true);
    try {
      await change();
    } finally {
      setIsSwitching(false);
    }
  };

  // Nothing to switch to: no empty box that would still take a row of the top bar on a phone.
  if (tenants.length <= 1 && companies.length <= 1) return null;

  return (
    <div className={cn('flex flex-wrap items-center gap-x-4 gap-y-2', className)} aria-busy={isSwitching}>
      {tenants.length > 1 ? (
        <LabelledSelect
          label={t('shell.tenant')}
          value={selectedTenantId}
          options={tenants}
          isDisabled={isSwitching}
          onChange={(event) => {
            if (event.target.value && event.target.value !== selectedTenantId)
              void run(() => switchTenant(event.target.value));
          }}
        />
      ) : null}
      {companies.length > 1 ? (
        <LabelledSelect
          label={t('shell.company')}
          value={selectedCompanyId}
          options={companies.map((company) => ({ id: company.id, name: company.legalNameOfBusiness }))}
          isDisabled={isSwitching}
          onChange={(event) => {
            if (event.target.value && event.target.value !== selectedCompanyId)
              void run(() => switchCompany(event.target.value));
          }}
        />
      ) : null}
    </div>
  );
}
