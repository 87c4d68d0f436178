import fsp from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** An HTML part beside the text (a digest); its pictures come as inline attachments (`cid:`). */
  html?: string;
  headers?: Record<string, string>;
  attachments?: { filename: string; content: Buffer; contentType: string; cid: string }[];
}

/**
 * Whether a failed send surely left the mail undelivered: the server refused it (it answered with a code), or it was
 * never reached or never greeted us. A timeout or a dropped connection later on may come after the server took the
 * mail: that one is not sure, and a caller that must never send twice does not send it again.
 */
export function surelyNotSent(err: unknown): boolean {
  const e = (err ?? {}) as { code?: unknown; responseCode?: unknown; message?: unknown };
  if (typeof e.responseCode === 'number') return true;
  if (e.code === 'ECONNECTION' || e.code === 'ECONNREFUSED' || e.code === 'EDNS') return true;
  if (e.code === 'ESOCKET' && /\b(ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ENETUNREACH)\b/.test(String(e.message))) return true;
  return e.code === 'ETIMEDOUT' && /^(Greeting never received|Connection timeout)/.test(String(e.message));
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Ends the SMTP connections kept open (the server's close). */
  close?(): void;
}

/**
 * SMTP connections kept open and used in turn (nodemailer's pool): a digest run sends hundreds of mails, and a new
 * connection for each would cost its greeting, EHLO and, on a real relay, its TLS handshake every time. An idle one is
 * closed by `socketTimeout`, before a relay's own idle limit (minutes) would drop it under a mail.
 */
export const SMTP_CONNECTIONS = 4;

/** SMTP when configured; otherwise the mail is logged and kept under DATA_DIR/mail (DESIGN §3). */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.smtp) {
    // `maxRequeues` is nodemailer's pool option (smtp-pool/index.js) that its types leave out: typed here beside them.
    const options: SMTPPool.Options & { maxRequeues: number } = {
      host: config.smtp.host,
      port: config.smtp.port,
      secure: config.smtp.secure,
      auth: config.smtp.user ? { user: config.smtp.user, pass: config.smtp.password } : undefined,
      // nodemailer's own defaults wait up to 10 minutes for a silent server: a job would hold its run that long. The idle
      // socket's limit is the longer one, so that a server that never greets fails as such (surely not sent, below).
      connectionTimeout: config.smtp.timeoutMs,
      greetingTimeout: config.smtp.timeoutMs,
      socketTimeout: 2 * config.smtp.timeoutMs,
      pool: true,
      maxConnections: SMTP_CONNECTIONS,
      // A connection lost under a mail is never tried again with it: the server may have taken it (never sent twice).
      maxRequeues: 0,
    };
    const transport = nodemailer.createTransport(options);
    return {
      async send(mail) {
        await transport.sendMail({ from: config.smtp!.from, ...mail });
      },
      close: () => transport.close(),
    };
  }
  const dir = path.join(config.dataDir, 'mail');
  const partDir = path.join(config.dataDir, 'tmp', 'mail');
  // A mail with an HTML part is kept whole (.eml, as SMTP would carry it); a plain one as the text it is.
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(mail) {
      await fsp.mkdir(dir, { recursive: true });
      const ext = mail.html ? 'eml' : 'txt';
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.to.replace(/[^a-z0-9@.]/gi, '_')}.${ext}`);
      // Written beside the data folder's other temporary files, then moved in (one rename on the same disk): whoever
      // reads the mail folder never sees a mail half written.
      const part = path.join(partDir, path.basename(file));
      await fsp.mkdir(partDir, { recursive: true });
      const raw = mail.html
        ? ((await builder.sendMail({ from: config.mailFrom, ...mail })).message as Buffer)
        : `From: ${config.mailFrom}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`;
      await fsp.writeFile(part, raw);
      await fsp.rename(part, file);
      // Not the text: it holds the reader's name and, for a reset, a live link (DESIGN §6 "Logs"); the file has it.
      log.info({ subject: mail.subject, file }, 'mail written to the data folder (no SMTP configured)');
    },
  };
}
