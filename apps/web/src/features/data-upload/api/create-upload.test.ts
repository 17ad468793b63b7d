import { apiPaths } from '@vatlas/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../../lib/http/http-client';
import { HttpError } from '../../../lib/http/http-error';
import { createUpload } from './create-upload';

type Sent = { url: string; headers: Record<string, string>; form: FormData };

/** A stand-in XMLHttpRequest that reports upload progress in two steps and answers what the test queued. */
function installFakeXhr(answers: { status: number; body: unknown }[]) {
  const sent: Sent[] = [];
  class FakeXhr {
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(form: FormData) {
      sent.push({ url: this.url, headers: this.headers, form });
      const answer = answers.shift() ?? { status: 500, body: {} };
      const file = form.get('file') as File;
      queueMicrotask(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: Math.floor(file.size / 2), total: file.size });
        this.upload.onprogress?.({ lengthComputable: true, loaded: file.size, total: file.size });
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const queued = {
  id: 'u1',
  dataPeriodId: 'p1',
  format: 'amazon-vtr',
  fileName: 'march.txt',
  sha256: 'b'.repeat(64),
  status: 'validating',
  bytesTotal: 10,
  bytesProcessed: 0,
  rowsRead: 0,
  rowsImported: 0,
  rowsDuplicate: 0,
  problemCount: 0,
  errorCode: null,
  errorMessage: null,
  isCancelRequested: false,
  createdAt: '2026-11-21T10:00:00.000Z',
  startedAt: null,
  finishedAt: null,
};

const http = { request: vi.fn(async () => ({})) } as unknown as HttpClient;
const file = new File(['0123456789'], 'march.txt', { type: 'text/plain' });

afterEach(() => vi.unstubAllGlobals());

describe('sending one file', () => {
  it('sends it validate-first with its period, reporting the bytes as they go', async () => {
    const sent = installFakeXhr([{ status: 202, body: queued }]);
    const progress: number[] = [];
    const upload = await createUpload(http, 'c1', { file, format: 'amazon-vtr', dataPeriodId: 'p1' }, (p) =>
      progress.push(p.loaded),
    );
    expect(upload.status).toBe('validating');
    expect(progress).toEqual([5, 10]);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe(apiPaths.transactionUploads('c1'));
    expect(sent[0]?.form.get('mode')).toBe('validate');
    expect(sent[0]?.form.get('format')).toBe('amazon-vtr');
    expect(sent[0]?.form.get('dataPeriodId')).toBe('p1');
    expect(sent[0]?.form.has('columnMappingId')).toBe(false);
    expect(sent[0]?.headers.Authorization).toMatch(/^Bearer /);
  });

  it('renews the session once on a 401 and sends the file again', async () => {
    const sent = installFakeXhr([
      { status: 401, body: { code: 'token_expired', message: 'expired' } },
      { status: 202, body: queued },
    ]);
    await createUpload(http, 'c1', { file, format: 'amazon-vtr' }, () => undefined);
    expect(http.request).toHaveBeenCalledWith(apiPaths.userMe);
    expect(sent).toHaveLength(2);
  });

  it("answers the server's error with its code and details, such as the earlier upload of the same file", async () => {
    installFakeXhr([
      { status: 409, body: { code: 'duplicate_file', message: 'uploaded already', details: { uploadId: 'u0' } } },
    ]);
    const error = await createUpload(http, 'c1', { file, format: 'amazon-vtr' }, () => undefined).catch((e) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ code: 'duplicate_file', details: { uploadId: 'u0' } });
  });
});
