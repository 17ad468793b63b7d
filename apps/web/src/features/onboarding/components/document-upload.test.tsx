import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MAX_DOCUMENT_BYTES, type StoredDocument } from '@vatlas/contract';
import axe from 'axe-core';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http/http-error';
import { createTestI18n } from '../../../test/test-i18n';
import type { UploadInput, UploadProgress } from '../api/upload-document';
import { DocumentUpload } from './document-upload';

afterEach(cleanup);

const stored: StoredDocument = {
  id: 'doc-1',
  documentType: 'certificate-of-incorporation',
  countryCode: null,
  fileName: 'certificate.pdf',
  contentType: 'application/pdf',
  sizeBytes: 4,
  sha256: 'a'.repeat(64),
  uploadedAt: '2026-01-01T00:00:00.000Z',
};

function renderUpload(options: {
  upload?: (input: UploadInput) => Promise<StoredDocument>;
  progress?: UploadProgress | null;
  isUploading?: boolean;
}) {
  const upload = vi.fn(options.upload ?? (async () => stored));
  const view = render(
    <I18nextProvider i18n={createTestI18n()}>
      <DocumentUpload
        countryCodes={['DE', 'FR']}
        countryName={(code) => ({ DE: 'Germany', FR: 'France' })[code] ?? code}
        upload={upload}
        progress={options.progress ?? null}
        isUploading={options.isUploading ?? false}
      />
    </I18nextProvider>,
  );
  return { upload, ...view };
}

const pdfFile = (size = 4, name = 'certificate.pdf') => {
  const file = new File(['%PDF'], name, { type: 'application/pdf' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('DocumentUpload', () => {
  it('names each missing field, linked to it, and sends nothing', async () => {
    const { upload } = renderUpload({});
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    });
    const type = screen.getByLabelText('Document type');
    expect(type.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(type.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Choose what kind of document this is.',
    );
    const file = screen.getByLabelText('File');
    expect(file.getAttribute('aria-describedby')).toContain(`${file.id}-error`);
    expect(screen.getByText('Choose a file to upload.')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
  });

  it('uploads a dropped file with its type and jurisdiction, then reports it', async () => {
    const { upload } = renderUpload({});
    fireEvent.change(screen.getByLabelText('Document type'), { target: { value: 'certificate-of-incorporation' } });
    fireEvent.change(screen.getByLabelText(/For which jurisdiction/), { target: { value: 'FR' } });
    const file = pdfFile();
    fireEvent.drop(screen.getByTestId('drop-zone'), { dataTransfer: { files: [file] } });
    expect(screen.getByText(/Chosen: certificate.pdf/)).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    });
    expect(upload).toHaveBeenCalledWith({ file, documentType: 'certificate-of-incorporation', countryCode: 'FR' });
    expect(screen.getByRole('status').textContent).toBe('certificate.pdf was uploaded.');
  });

  it('refuses a file above 10 MiB before sending, with the limit in the message', async () => {
    const { upload } = renderUpload({});
    fireEvent.change(screen.getByLabelText('Document type'), { target: { value: 'other' } });
    fireEvent.change(screen.getByLabelText('File'), { target: { files: [pdfFile(MAX_DOCUMENT_BYTES + 1)] } });
    expect(screen.getByText('This file is larger than 10 MB. Upload a smaller scan or PDF.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    });
    expect(upload).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of a disguised file on the file field", async () => {
    renderUpload({
      upload: async () => {
        throw new HttpError({
          kind: 'http',
          status: 400,
          code: 'validation_error',
          message: 'The file must be a PDF, PNG or JPEG.',
          details: [{ field: 'file', message: 'must be a PDF, PNG or JPEG' }],
        });
      },
    });
    fireEvent.change(screen.getByLabelText('Document type'), { target: { value: 'other' } });
    fireEvent.change(screen.getByLabelText('File'), { target: { files: [pdfFile(4, 'setup.pdf')] } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    });
    expect(screen.getByText(/is not a PDF, PNG or JPEG/)).toBeTruthy();
    expect(screen.getByLabelText('File').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the byte progress of a running upload as a progress bar', async () => {
    const { container } = renderUpload({ isUploading: true, progress: { loaded: 512 * 1024, total: 2 * 1024 * 1024 } });
    const bar = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(bar.getAttribute('aria-valuetext')).toBe('512 KB of 2 MB sent');
    expect(screen.getByRole('button', { name: 'Uploading…' }).hasAttribute('disabled')).toBe(true);
    const results = await axe.run(container);
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });
});
