import { DOCUMENT_TYPES, type DocumentType, MAX_DOCUMENT_BYTES, type StoredDocument } from '@vatlas/contract';
import { type DragEvent, type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { isHttpError } from '../../../lib/http/http-error';
import { FileTooLargeError, type UploadInput, type UploadProgress } from '../api/upload-document';
import { fieldErrorId, SelectField } from './form-fields';

export const ACCEPTED_FILE_TYPES = 'application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg';

export function formatBytes(bytes: number, language: string): string {
  const format = (value: number, unit: string) =>
    `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value)} ${unit}`;
  if (bytes < 1024) return format(bytes, 'B');
  if (bytes < 1024 * 1024) return format(bytes / 1024, 'KB');
  return format(bytes / 1024 / 1024, 'MB');
}

type Errors = Partial<Record<'documentType' | 'file' | 'countryCode' | 'form', string>>;

/**
 * Choose (or drop) one file, say what it is, upload it with a byte progress bar. The server decides the real type
 * from the content; this form only stops what it can know is wrong (no file, too large) before sending.
 */
export function DocumentUpload({
  countryCodes,
  countryName,
  upload,
  progress,
  isUploading,
  onUploaded,
}: {
  countryCodes: readonly string[];
  countryName: (code: string) => string;
  upload: (input: UploadInput) => Promise<StoredDocument>;
  progress: UploadProgress | null;
  isUploading: boolean;
  onUploaded?: (document: StoredDocument) => void;
}) {
  const { t, i18n } = useTranslation();
  const baseId = useId();
  const fileInputId = `${baseId}-file`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [documentType, setDocumentType] = useState<DocumentType | ''>('');
  const [countryCode, setCountryCode] = useState('');
  const [isDragOver, setIsDragOver] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<string | null>(null);

  const maxMib = MAX_DOCUMENT_BYTES / 1024 / 1024;

  const choose = (chosen: File | undefined) => {
    setStatus(null);
    if (!chosen) return;
    setFile(chosen);
    setErrors((current) => ({
      ...current,
      file: chosen.size > MAX_DOCUMENT_BYTES ? t('onboarding.documents.errors.tooLarge', { max: maxMib }) : undefined,
    }));
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsDragOver(false);
    choose(event.dataTransfer.files[0]);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    if (!documentType) next.documentType = t('onboarding.documents.errors.typeRequired');
    if (!file) next.file = t('onboarding.documents.errors.fileRequired');
    else if (file.size > MAX_DOCUMENT_BYTES) next.file = t('onboarding.documents.errors.tooLarge', { max: maxMib });
    setErrors(next);
    if (Object.keys(next).length > 0 || !file || !documentType) return;
    try {
      const stored = await upload({ file, documentType, ...(countryCode ? { countryCode } : {}) });
      setStatus(t('onboarding.documents.uploaded', { name: stored.fileName }));
      setFile(null);
      setDocumentType('');
      if (inputRef.current) inputRef.current.value = '';
      onUploaded?.(stored);
    } catch (error) {
      if (error instanceof FileTooLargeError || (isHttpError(error) && error.status === 413)) {
        setErrors({ file: t('onboarding.documents.errors.tooLarge', { max: maxMib }) });
      } else if (isHttpError(error) && error.status === 400) {
        const fields = Array.isArray(error.details) ? (error.details as { field?: string }[]) : [];
        setErrors(
          fields.some((detail) => detail.field === 'file')
            ? { file: t('onboarding.documents.errors.wrongType') }
            : { form: t('onboarding.documents.errors.failed') },
        );
      } else {
        setErrors({ form: t('onboarding.documents.errors.failed') });
      }
    }
  };

  const percent = progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-labelledby={`${baseId}-heading`}>
      <h2 id={`${baseId}-heading`} className="text-lg font-semibold text-fg">
        {t('onboarding.documents.uploadHeading')}
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        <SelectField
          id={`${baseId}-type`}
          label={t('onboarding.documents.typeLabel')}
          value={documentType}
          placeholder={t('onboarding.documents.typePlaceholder')}
          options={DOCUMENT_TYPES.map((type) => ({ value: type, label: t(`onboarding.documentTypes.${type}`) }))}
          onChange={(value) => setDocumentType(value as DocumentType | '')}
          error={errors.documentType}
          isDisabled={isUploading}
        />
        <SelectField
          id={`${baseId}-country`}
          label={t('onboarding.documents.countryLabel')}
          value={countryCode}
          placeholder={t('onboarding.documents.allCountries')}
          options={countryCodes.map((code) => ({ value: code, label: countryName(code) }))}
          onChange={setCountryCode}
          isOptional
          hint={t('onboarding.documents.countryHint')}
          isDisabled={isUploading}
        />
      </div>

      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a mouse shortcut; the file input inside is the keyboard path. */}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setIsDragOver(true);
        }}
        onDragLeave={() => setIsDragOver(false)}
        onDrop={onDrop}
        data-testid="drop-zone"
        className={cn(
          'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed p-6 text-center',
          isDragOver ? 'border-primary bg-primary-light' : 'border-border',
          errors.file ? 'border-danger' : null,
        )}
      >
        <p className="text-sm text-fg">{t('onboarding.documents.dropHere')}</p>
        <label htmlFor={fileInputId} className="text-sm font-medium text-fg">
          {t('onboarding.documents.fileLabel')}
        </label>
        <input
          ref={inputRef}
          id={fileInputId}
          name="file"
          type="file"
          accept={ACCEPTED_FILE_TYPES}
          disabled={isUploading}
          aria-invalid={errors.file ? true : undefined}
          aria-describedby={[`${fileInputId}-hint`, errors.file ? fieldErrorId(fileInputId) : null]
            .filter(Boolean)
            .join(' ')}
          className="text-sm text-fg file:mr-3 file:rounded-md file:border file:border-border file:bg-surface file:px-3 file:py-1.5 file:text-fg"
          onChange={(event) => choose(event.target.files?.[0])}
        />
        <p id={`${fileInputId}-hint`} className="text-xs text-fg-secondary">
          {t('onboarding.documents.fileHint', { max: maxMib })}
        </p>
        {file ? (
          <p className="text-sm text-fg">
            {t('onboarding.documents.chosen', { name: file.name, size: formatBytes(file.size, i18n.language) })}
          </p>
        ) : null}
        {errors.file ? (
          <p id={fieldErrorId(fileInputId)} className="text-sm font-medium text-danger">
            {errors.file}
          </p>
        ) : null}
      </div>

      {isUploading || (progress && percent > 0 && percent < 100) ? (
        <div className="flex flex-col gap-1">
          <div
            role="progressbar"
            aria-label={t('onboarding.documents.progressLabel')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={t('onboarding.documents.progressText', {
              loaded: formatBytes(progress?.loaded ?? 0, i18n.language),
              total: formatBytes(progress?.total ?? 0, i18n.language),
            })}
            className="h-2 w-full overflow-hidden rounded-full bg-gray-200"
          >
            <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
          </div>
          <p className="text-xs text-fg-secondary">{percent}%</p>
        </div>
      ) : null}

      {errors.form ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {errors.form}
        </p>
      ) : null}
      <p role="status" className="text-sm text-fg">
        {status}
      </p>
      <div>
        <Button type="submit" disabled={isUploading} aria-busy={isUploading}>
          {isUploading ? t('onboarding.documents.uploading') : t('onboarding.documents.upload')}
        </Button>
      </div>
    </form>
  );
}
