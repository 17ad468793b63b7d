import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { AppConfig } from '../../config';

export type OutgoingMail = { to: string; subject: string; text: string; html?: string };

export type Mailer = { send(message: OutgoingMail): Promise<void> };

/**
 * A failed delivery without the relay's words: SMTP replies quote recipients ("550 <x@y>: unknown"), and
 * whoever catches this may log it.
 */
export class MailDeliveryError extends Error {
  readonly code: string | undefined;
  readonly responseCode: number | undefined;

  constructor(cause: unknown) {
    const { code, responseCode } = (cause ?? {}) as { code?: unknown; responseCode?: unknown };
    const safeCode = typeof code === 'string' ? code : undefined;
    const safeResponseCode = typeof responseCode === 'number' ? responseCode : undefined;
    super(`Mail delivery failed (${safeCode ?? 'unknown'}${safeResponseCode ? ` ${safeResponseCode}` : ''})`);
    this.name = 'MailDeliveryError';
    this.code = safeCode;
    this.responseCode = safeResponseCode;
  }
}

export type MailerConfig = Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'dataDir'>;

type Nodemailer = typeof import('nodemailer')['default'];

/** The transport `create` makes, made with the first mail: nodemailer is loaded then, not by every server at start. */
function transportOnFirstMail(create: (nodemailer: Nodemailer) => Transporter): () => Promise<Transporter> {
  let transport: Promise<Transporter> | undefined;
  return () => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) => create(nodemailer));
    return transport;
  };
}

export function outboxDirectory(dataDir: string): string {
  return join(dataDir, 'outbox');
}

/** `2026-01-31T12-00-00.000Z-<hex>.eml`: sorts by time; no colons, which some file systems refuse. */
function createOutboxFileName(now: Date): string {
  return `${now.toISOString().replaceAll(':', '-')}-${randomBytes(6).toString('hex')}.eml`;
}

/**
 * The embedded default: nodemailer builds the exact message SMTP would carry, and we keep it as an
 * RFC 822 file an operator can open in any mail client. Owner-only, because invitations carry addresses.
 */
export function createOutboxMailer(options: { directory: string; from: string }): Mailer {
  const composer = transportOnFirstMail((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }),
  );
  return {
    async send(message) {
      const info = await (await composer()).sendMail({ from: options.from, ...message });
      await mkdir(options.directory, { recursive: true, mode: 0o700 });
      // `wx` so two sends in the same millisecond with an (unlikely) equal suffix never overwrite each other.
      await writeFile(join(options.directory, createOutboxFileName(new Date())), info.message as Buffer, {
        mode: 0o600,
        flag: 'wx',
      });
    },
  };
}

export function createSmtpMailer(options: { smtpUrl: string; from: string }): Mailer {
  // nodemailer's own logger stays off (its default): it would print addresses and message bodies.
  // SMTP_URL is a checked smtp(s) URL (config.ts), so making the transport has nothing left to refuse.
  const transport = transportOnFirstMail((nodemailer) => nodemailer.createTransport(options.smtpUrl));
  return {
    async send(message) {
      try {
        await (await transport()).sendMail({ from: options.from, ...message });
      } catch (error) {
        throw new MailDeliveryError(error);
      }
    },
  };
}

/** SMTP when SMTP_URL is set, otherwise the outbox in DATA_DIR. */
export function createMailer(config: MailerConfig): Mailer {
  if (config.smtpUrl) return createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  return createOutboxMailer({ directory: outboxDirectory(config.dataDir), from: config.mailFrom });
}
