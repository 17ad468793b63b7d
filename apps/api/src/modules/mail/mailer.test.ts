import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MAIL_FROM, parseConfig } from '../../config';
import { createMailer, MailDeliveryError, outboxDirectory } from './mailer';

const invitation = {
  to: 'Jörg Muster <joerg@example.test>',
  subject: 'You are invited to Nordlicht Trading GmbH — Vatlas',
  text: 'Hello Jörg,\r\n\r\nsign in at http://localhost:3000 to join.',
  html: '<p>Hello Jörg,</p><p>sign in at <a href="http://localhost:3000">Vatlas</a> to join.</p>',
};

describe('configuration of mail', () => {
  it('defaults to the outbox and the Vatlas sender', () => {
    const config = parseConfig({});
    expect(config.smtpUrl).toBeNull();
    expect(config.mailFrom).toBe(DEFAULT_MAIL_FROM);
    expect(DEFAULT_MAIL_FROM).toBe('Vatlas <no-reply@vatlas.localhost>');
  });

  it('reads SMTP_URL and MAIL_FROM', () => {
    const config = parseConfig({ SMTP_URL: 'smtps://u:p@mail.example.test:465', MAIL_FROM: 'Acme <vat@acme.test>' });
    expect(config.smtpUrl).toBe('smtps://u:p@mail.example.test:465');
    expect(config.mailFrom).toBe('Acme <vat@acme.test>');
  });

  it('refuses a non-SMTP URL and a sender without an address, without echoing the URL', () => {
    expect(() => parseConfig({ SMTP_URL: 'https://u:secret@mail.example.test' })).toThrow(/SMTP_URL/);
    expect(() => parseConfig({ SMTP_URL: 'https://u:secret@mail.example.test' })).not.toThrow(/secret/);
    expect(() => parseConfig({ MAIL_FROM: 'Vatlas' })).toThrow(/MAIL_FROM/);
  });
});

describe('the outbox mailer (no SMTP_URL)', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'vatlas-mail-'));
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  const readOutbox = () => readdirSync(outboxDirectory(dataDir)).sort();

  it('writes one parseable RFC 822 file per message, readable by the owner only', async () => {
    const mailer = createMailer({ smtpUrl: null, mailFrom: DEFAULT_MAIL_FROM, dataDir });
    await mailer.send(invitation);

    const files = readOutbox();
    expect(files).toHaveLength(1);
    const [fileName] = files as [string];
    expect(fileName).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-[0-9a-f]{12}\.eml$/);
    const path = join(outboxDirectory(dataDir), fileName);
    expect(statSync(path).mode & 0o777).toBe(0o600);

    const raw = readFileSync(path);
    expect(raw.toString('latin1')).toMatch(/^[\x20-\x7e\r\n\t]*$/); // 7-bit clean, as RFC 822 wants
    const parsed = await PostalMime.parse(raw);
    expect(parsed.to).toEqual([{ name: 'Jörg Muster', address: 'joerg@example.test' }]);
    expect(parsed.from).toEqual({ name: 'Vatlas', address: 'no-reply@vatlas.localhost' });
    expect(parsed.subject).toBe(invitation.subject);
    expect(parsed.text?.trim()).toBe(invitation.text.replaceAll('\r\n', '\n'));
    expect(parsed.html).toContain('<a href="http://localhost:3000">Vatlas</a>');
    expect(parsed.messageId).toMatch(/^<.+@.+>$/);
    expect(parsed.date).toBeTruthy();
  });

  it('keeps every message when several are sent at once, in time order', async () => {
    const mailer = createMailer({ smtpUrl: null, mailFrom: 'ops@example.test', dataDir });
    await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((name) =>
        mailer.send({ to: `${name}@example.test`, subject: `To ${name}`, text: 'plain only' }),
      ),
    );
    const files = readOutbox();
    expect(files).toHaveLength(5);
    const recipients = await Promise.all(
      files.map(async (file) => (await PostalMime.parse(readFileSync(join(outboxDirectory(dataDir), file)))).to),
    );
    expect(recipients.flat().map((entry) => entry?.address)).toEqual(
      expect.arrayContaining(['a', 'b', 'c', 'd', 'e'].map((name) => `${name}@example.test`)),
    );
    const first = await PostalMime.parse(readFileSync(join(outboxDirectory(dataDir), files[0] as string)));
    expect(first.from?.address).toBe('ops@example.test');
    expect(first.html).toBeUndefined();
  });
});

type ReceivedMail = { from: string | undefined; to: string[]; raw: Buffer; user: string | undefined };

describe('the SMTP mailer (SMTP_URL set)', () => {
  const received: ReceivedMail[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      // Plain SMTP on loopback: nodemailer would otherwise upgrade to TLS with the server's self-signed cert.
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === 'vatlas' && auth.password === 'relay-secret') return callback(null, { user: 'vatlas' });
        return callback(new Error('Invalid username or password'));
      },
      onRcptTo(address, _session, callback) {
        if (address.address.endsWith('@rejected.test')) {
          const error = Object.assign(new Error(`<${address.address}>: mailbox unavailable`), { responseCode: 550 });
          return callback(error);
        }
        return callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((entry) => entry.address),
            raw: Buffer.concat(chunks),
            user: session.user,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  beforeEach(() => {
    received.length = 0;
  });

  it('delivers through the relay with the credentials of the URL and the configured sender', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vatlas-mail-'));
    try {
      const config = parseConfig({
        SMTP_URL: `smtp://vatlas:relay-secret@127.0.0.1:${port}`,
        MAIL_FROM: 'Vatlas Ops <ops@vatlas.test>',
        DATA_DIR: dataDir,
      });
      await createMailer(config).send(invitation);

      expect(received).toHaveLength(1);
      const [mail] = received as [ReceivedMail];
      expect(mail.user).toBe('vatlas');
      expect(mail.from).toBe('ops@vatlas.test');
      expect(mail.to).toEqual(['joerg@example.test']);
      const parsed = await PostalMime.parse(mail.raw);
      expect(parsed.subject).toBe(invitation.subject);
      expect(parsed.text?.trim()).toBe(invitation.text.replaceAll('\r\n', '\n'));
      // SMTP means no outbox copy.
      expect(() => readdirSync(outboxDirectory(dataDir))).toThrow();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('fails on wrong credentials', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://vatlas:wrong@127.0.0.1:${port}`,
      mailFrom: DEFAULT_MAIL_FROM,
      dataDir: '/nonexistent',
    });
    const failure = await mailer.send(invitation).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MailDeliveryError);
    expect((failure as MailDeliveryError).code).toBe('EAUTH');
    expect(received).toHaveLength(0);
  });

  it('reports a refused recipient without quoting the address', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://vatlas:relay-secret@127.0.0.1:${port}`,
      mailFrom: DEFAULT_MAIL_FROM,
      dataDir: '/nonexistent',
    });
    const failure = await mailer.send({ ...invitation, to: 'nobody@rejected.test' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MailDeliveryError);
    expect((failure as MailDeliveryError).responseCode).toBe(550);
    expect(String((failure as Error).message)).not.toContain('rejected.test');
    expect(JSON.stringify(failure)).not.toContain('rejected.test');
    expect(received).toHaveLength(0);
  });
});
