import { describe, expect, it } from 'vitest';
import {
  addFiles,
  announcementStep,
  canCancel,
  canContinue,
  canDelete,
  canRerun,
  initialWizardState,
  nextStep,
  percentOf,
  previousStep,
  uploadPhase,
  type WizardState,
  wizardSteps,
} from './upload-flow';

const file = (name: string, size = 10, lastModified = 1) => new File(['x'.repeat(size)], name, { lastModified });

describe('the new-upload steps', () => {
  it('ask for a column mapping only for a generic CSV', () => {
    expect(wizardSteps('amazon-vtr')).toEqual(['period', 'source', 'files', 'upload']);
    expect(wizardSteps('shopify-orders')).toEqual(['period', 'source', 'files', 'upload']);
    expect(wizardSteps('generic-csv')).toEqual(['period', 'source', 'files', 'mapping', 'upload']);
  });

  it('go on only when the step has what it needs', () => {
    const state: WizardState = { ...initialWizardState };
    expect(canContinue(state)).toBe(false);
    expect(canContinue({ ...state, dataPeriodId: 'p1' })).toBe(true);
    expect(canContinue({ ...state, step: 'source' })).toBe(false);
    expect(canContinue({ ...state, step: 'source', format: 'amazon-vtr' })).toBe(true);
    expect(canContinue({ ...state, step: 'files' })).toBe(false);
    expect(canContinue({ ...state, step: 'files', files: [file('a.txt')] })).toBe(true);
    expect(canContinue({ ...state, step: 'mapping' })).toBe(false);
    expect(canContinue({ ...state, step: 'mapping', columnMappingId: 'm1' })).toBe(true);
    expect(canContinue({ ...state, step: 'upload' })).toBe(false);
  });

  it('skip the mapping for a VTR and pass through it for a CSV, forwards and back', () => {
    const vtr: WizardState = { ...initialWizardState, step: 'files', format: 'amazon-vtr' };
    expect(nextStep(vtr)).toBe('upload');
    const csv: WizardState = { ...initialWizardState, step: 'files', format: 'generic-csv' };
    expect(nextStep(csv)).toBe('mapping');
    expect(nextStep({ ...csv, step: 'mapping' })).toBe('upload');
    expect(previousStep({ ...csv, step: 'mapping' })).toBe('files');
    expect(previousStep({ ...initialWizardState })).toBe('period');
    expect(nextStep({ ...initialWizardState, step: 'period' })).toBe('source');
  });

  it('add dropped files once each, keeping the order', () => {
    const a = file('a.txt');
    const b = file('b.txt');
    const aAgain = file('a.txt');
    expect(addFiles([a], [b, aAgain]).map((f) => f.name)).toEqual(['a.txt', 'b.txt']);
    // Same name, another file (size differs): both kept.
    expect(addFiles([a], [file('a.txt', 20)])).toHaveLength(2);
  });
});

describe('one upload', () => {
  it('shows the screen of its status', () => {
    expect(uploadPhase({ status: 'validating' })).toBe('validating');
    expect(uploadPhase({ status: 'validated' })).toBe('report');
    expect(uploadPhase({ status: 'queued' })).toBe('importing');
    expect(uploadPhase({ status: 'processing' })).toBe('importing');
    expect(uploadPhase({ status: 'completed' })).toBe('result');
    expect(uploadPhase({ status: 'failed' })).toBe('failed');
    expect(uploadPhase({ status: 'cancelled' })).toBe('cancelled');
  });

  it('offers cancel while running, re-run after failure or cancel, delete unless a worker holds it', () => {
    expect(['queued', 'processing', 'validating'].every((status) => canCancel({ status: status as 'queued' }))).toBe(
      true,
    );
    expect(canCancel({ status: 'completed' })).toBe(false);
    expect(canRerun({ status: 'failed' })).toBe(true);
    expect(canRerun({ status: 'cancelled' })).toBe(true);
    expect(canRerun({ status: 'completed' })).toBe(false);
    expect(canDelete({ status: 'processing' })).toBe(false);
    expect(canDelete({ status: 'validated' })).toBe(true);
  });

  it('counts percent in whole steps and never past 100', () => {
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(499, 1000)).toBe(49);
    expect(percentOf(1200, 1000)).toBe(100);
  });

  it('announces progress once per quarter, not at every poll', () => {
    const said: number[] = [];
    let last: number | null = null;
    for (const percent of [0, 3, 10, 26, 27, 40, 51, 74, 75, 99, 100]) {
      const step = announcementStep(percent, last);
      if (step !== null) {
        said.push(step);
        last = step;
      }
    }
    expect(said).toEqual([0, 25, 50, 75, 100]);
  });
});
