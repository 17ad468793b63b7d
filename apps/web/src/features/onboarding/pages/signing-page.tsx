import type { PowerOfAttorney } from '@vatlas/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import { useCountryName } from '../../../lib/format/use-country-name';
import { isHttpError } from '../../../lib/http/http-error';
import { downloadSignedPowerOfAttorney, viewPowerOfAttorney } from '../api/get-power-of-attorney-document';
import { usePowersOfAttorney } from '../api/list-powers-of-attorney';
import { useRevokePowerOfAttorney } from '../api/revoke-power-of-attorney';
import { useSignPowerOfAttorney } from '../api/sign-power-of-attorney';
import { TextField } from '../components/form-fields';
import { OnboardingLayout } from '../components/onboarding-layout';
import { SignaturePad, type SignaturePadHandle } from '../components/signature-pad';

const PATH = '/onboarding/signing';

type Mode = 'typed' | 'drawn';

function SignForm({ countryCode }: { countryCode: string }) {
  const { t } = useTranslation();
  const baseId = useId();
  const sign = useSignPowerOfAttorney();
  const pad = useRef<SignaturePadHandle>(null);
  const [mode, setMode] = useState<Mode>('typed');
  const [typedName, setTypedName] = useState('');
  const [hasDrawing, setHasDrawing] = useState(false);
  const [errors, setErrors] = useState<{ typedName?: string; drawing?: string; form?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mode === 'typed' && typedName.trim().length < 2) {
      setErrors({ typedName: t('onboarding.signing.errors.nameRequired') });
      return;
    }
    const image = mode === 'drawn' ? pad.current?.toPngDataUrl() : null;
    if (mode === 'drawn' && !image) {
      setErrors({ drawing: t('onboarding.signing.errors.drawingRequired') });
      return;
    }
    setErrors({});
    const body =
      mode === 'typed'
        ? { signatureKind: 'typed' as const, typedName: typedName.trim() }
        : { signatureKind: 'drawn' as const, image: image ?? '' };
    sign.mutate(
      { countryCode, body },
      {
        onError: (error) =>
          setErrors({
            form:
              isHttpError(error) && error.status === 409
                ? t('onboarding.signing.errors.alreadySigned')
                : t('onboarding.signing.errors.signFailed'),
          }),
      },
    );
  };

  const drawingLabelId = `${baseId}-drawing-label`;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-fg">{t('onboarding.signing.modeLegend')}</legend>
        <div className="flex flex-wrap gap-4">
          {(['typed', 'drawn'] as const).map((option) => (
            <label key={option} className="flex items-center gap-2 text-sm text-fg">
              <input
                type="radio"
                name={`${baseId}-mode`}
                value={option}
                checked={mode === option}
                onChange={() => {
                  setMode(option);
                  setErrors({});
                }}
                className="size-4 accent-primary"
              />
              {t(`onboarding.signing.mode.${option}`)}
            </label>
          ))}
        </div>
      </fieldset>

      {mode === 'typed' ? (
        <TextField
          id={`${baseId}-typed-name`}
          label={t('onboarding.signing.typedNameLabel')}
          hint={t('onboarding.signing.typedNameHint')}
          value={typedName}
          onChange={setTypedName}
          autoComplete="name"
          error={errors.typedName}
        />
      ) : (
        <div className="flex flex-col gap-1">
          <span id={drawingLabelId} className="text-sm font-medium text-fg">
            {t('onboarding.signing.drawLabel')}
          </span>
          <SignaturePad
            id={`${baseId}-pad`}
            labelledBy={drawingLabelId}
            ref={pad}
            onChange={(value) => {
              setHasDrawing(value);
              if (value) setErrors({});
            }}
          />
          {errors.drawing ? (
            <p role="alert" className="text-sm font-medium text-danger">
              {errors.drawing}
            </p>
          ) : null}
        </div>
      )}
      <p className="text-xs text-fg-secondary">{t('onboarding.signing.evidenceNote')}</p>
      {errors.form ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {errors.form}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={sign.isPending || (mode === 'drawn' && !hasDrawing)} aria-busy={sign.isPending}>
          {sign.isPending ? t('onboarding.signing.signing') : t('onboarding.signing.sign')}
        </Button>
      </div>
    </form>
  );
}

function JurisdictionCard({ entry }: { entry: PowerOfAttorney }) {
  const { t, i18n } = useTranslation();
  const { http } = useAuthServices();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  const countryName = useCountryName();
  const revoke = useRevokePowerOfAttorney();
  const [isConfirming, setIsConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = countryName(entry.countryCode);
  const formatTime = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(
      new Date(iso),
    );
  const run = (action: () => Promise<void>) => {
    setError(null);
    action().catch(() => setError(t('onboarding.signing.errors.fileFailed')));
  };

  return (
    <section
      aria-labelledby={`poa-${entry.countryCode}`}
      className="flex flex-col gap-3 rounded-lg border border-border p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`poa-${entry.countryCode}`} className="text-lg font-semibold text-fg">
          {t('onboarding.signing.cardTitle', { country: name })}
        </h2>
        <span className="rounded-full border border-border px-2 py-0.5 text-xs font-medium text-fg">
          {t(`onboarding.signing.state.${entry.state}`)}
        </span>
      </div>
      <div>
        <Button
          variant="secondary"
          onClick={() => companyId && run(() => viewPowerOfAttorney(http, companyId, entry.countryCode))}
        >
          {t('onboarding.signing.view', { country: name })}
        </Button>
      </div>

      {entry.state === 'signed' && entry.signature ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-fg">
            {t('onboarding.signing.signedBy', {
              name: entry.signature.signerName,
              time: formatTime(entry.signature.signedAt),
            })}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              onClick={() => companyId && run(() => downloadSignedPowerOfAttorney(http, companyId, entry.countryCode))}
            >
              {t('onboarding.signing.downloadSigned')}
            </Button>
            {isConfirming ? (
              <span className="flex flex-wrap items-center gap-2">
                <span className="text-sm text-fg">{t('onboarding.signing.confirmRevoke', { country: name })}</span>
                <Button
                  disabled={revoke.isPending}
                  onClick={() =>
                    revoke.mutate(entry.countryCode, {
                      onSettled: () => setIsConfirming(false),
                      onError: () => setError(t('onboarding.signing.errors.revokeFailed')),
                    })
                  }
                >
                  {t('onboarding.signing.confirmRevokeYes')}
                </Button>
                <Button variant="secondary" autoFocus onClick={() => setIsConfirming(false)}>
                  {t('onboarding.signing.cancel')}
                </Button>
              </span>
            ) : (
              <Button variant="secondary" onClick={() => setIsConfirming(true)}>
                {t('onboarding.signing.revoke')}
              </Button>
            )}
          </div>
        </div>
      ) : (
        <>
          {entry.state === 'revoked' && entry.revokedAt ? (
            <p className="text-sm text-fg-secondary">
              {t('onboarding.signing.revokedAt', { time: formatTime(entry.revokedAt) })}
            </p>
          ) : null}
          <SignForm countryCode={entry.countryCode} />
        </>
      )}
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </section>
  );
}

export function SigningPage() {
  const { t } = useTranslation();
  const powers = usePowersOfAttorney();
  return (
    <OnboardingLayout
      path={PATH}
      title={t('onboarding.signing.title')}
      description={
        powers.data
          ? t('onboarding.signing.intro', { party: powers.data.authorisedParty })
          : t('onboarding.signing.introGeneric')
      }
    >
      {powers.isPending ? (
        <Spinner label={t('onboarding.signing.loading')} />
      ) : powers.isError ? (
        <p role="alert" className="text-sm text-danger">
          {t('onboarding.signing.errors.loadFailed')}
        </p>
      ) : powers.data.jurisdictions.length === 0 ? (
        <p className="text-sm text-fg-secondary">{t('onboarding.signing.noJurisdictions')}</p>
      ) : (
        <div className="flex flex-col gap-4">
          {powers.data.jurisdictions.map((entry) => (
            <JurisdictionCard key={entry.countryCode} entry={entry} />
          ))}
        </div>
      )}
    </OnboardingLayout>
  );
}
