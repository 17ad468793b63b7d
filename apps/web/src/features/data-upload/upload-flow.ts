import type { TransactionUpload, UploadFormat } from '@vatlas/contract';

/** The steps of a new upload; the column mapping only for a generic CSV (the other formats know their columns). */
export type WizardStep = 'period' | 'source' | 'files' | 'mapping' | 'upload';

export function wizardSteps(format: UploadFormat | null): WizardStep[] {
  return format === 'generic-csv'
    ? ['period', 'source', 'files', 'mapping', 'upload']
    : ['period', 'source', 'files', 'upload'];
}

export type WizardState = {
  step: WizardStep;
  dataPeriodId: string | null;
  format: UploadFormat | null;
  files: File[];
  columnMappingId: string | null;
};

export const initialWizardState: WizardState = {
  step: 'period',
  dataPeriodId: null,
  format: null,
  files: [],
  columnMappingId: null,
};

/** Whether the current step has what it needs to go on. */
export function canContinue(state: WizardState): boolean {
  switch (state.step) {
    case 'period':
      return state.dataPeriodId !== null;
    case 'source':
      return state.format !== null;
    case 'files':
      return state.files.length > 0;
    case 'mapping':
      return state.columnMappingId !== null;
    case 'upload':
      return false;
  }
}

export function nextStep(state: WizardState): WizardStep {
  const steps = wizardSteps(state.format);
  return steps[Math.min(steps.indexOf(state.step) + 1, steps.length - 1)] ?? state.step;
}

export function previousStep(state: WizardState): WizardStep {
  const steps = wizardSteps(state.format);
  return steps[Math.max(steps.indexOf(state.step) - 1, 0)] ?? state.step;
}

/** Adds dropped or picked files, each file once (by name, size and date), keeping the earlier ones. */
export function addFiles(current: readonly File[], added: readonly File[]): File[] {
  const key = (file: File) => `${file.name}|${file.size}|${file.lastModified}`;
  const seen = new Set(current.map(key));
  const result = [...current];
  for (const file of added) {
    if (!seen.has(key(file))) {
      seen.add(key(file));
      result.push(file);
    }
  }
  return result;
}

/** What the screen of one upload shows, from its status. */
export type UploadPhase = 'validating' | 'report' | 'importing' | 'result' | 'failed' | 'cancelled';

export function uploadPhase(upload: Pick<TransactionUpload, 'status'>): UploadPhase {
  switch (upload.status) {
    case 'validating':
      return 'validating';
    case 'validated':
      return 'report';
    case 'queued':
    case 'processing':
      return 'importing';
    case 'completed':
      return 'result';
    case 'failed':
      return 'failed';
    case 'cancelled':
      return 'cancelled';
  }
}

/** Whole percent of a byte progress, 0 for an empty total. */
export function percentOf(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((done / total) * 100));
}

/**
 * Progress announcements for screen readers: once per 25 % step and at the end, not every poll ("not too chatty").
 * Answers the step reached, or null when nothing new should be said.
 */
export function announcementStep(percent: number, lastAnnounced: number | null): number | null {
  const step = percent >= 100 ? 100 : Math.floor(percent / 25) * 25;
  return step === lastAnnounced ? null : step;
}

export const canRerun = (upload: Pick<TransactionUpload, 'status'>) =>
  upload.status === 'failed' || upload.status === 'cancelled';
export const canCancel = (upload: Pick<TransactionUpload, 'status'>) =>
  upload.status === 'queued' || upload.status === 'processing' || upload.status === 'validating';
export const canDelete = (upload: Pick<TransactionUpload, 'status'>) =>
  upload.status !== 'processing' && upload.status !== 'validating';
