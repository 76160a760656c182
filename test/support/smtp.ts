import { type ParsedMail, simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail the test SMTP server received: the parsed message plus the envelope. */
export interface ReceivedMail {
  parsed: ParsedMail;
  to: string[];
  subject: string;
  html: string;
  text: string;
  header(name: string): string;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps every message it accepts (parsed with mailparser).
 * It first listens on a port the OS picks as it binds, then can go down and come back on that same
 * port (`stop` / `start`), and refuses recipients whose address starts with "reject" with a
 * permanent 550.
 */
export class TestSmtpServer {
  readonly mails: ReceivedMail[] = [];
  private server?: SMTPServer;
  /** 0 until the first start has bound a port. */
  private boundPort = 0;

  private constructor() {}

  static async start(): Promise<TestSmtpServer> {
    const smtp = new TestSmtpServer();
    await smtp.start();
    return smtp;
  }

  get port() {
    return this.boundPort;
  }

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        if (address.address.startsWith('reject')) {
          const err = new Error('550 5.1.1 Mailbox unavailable') as Error & { responseCode: number };
          err.responseCode = 550;
          return callback(err);
        }
        callback();
      },
      onData: (stream, session, callback) => {
        simpleParser(stream).then(
          (parsed) => {
            this.mails.push({
              parsed,
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: parsed.subject ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              text: parsed.text ?? '',
              header: (name) => headerText(parsed, name),
            });
            callback();
          },
          (err) => callback(err),
        );
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.boundPort, '127.0.0.1', () => resolve());
    });
    this.boundPort = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The mails to an address so far. */
  to(address: string): ReceivedMail[] {
    return this.mails.filter((m) => m.to.includes(address));
  }

  /** Waits until `count` mails to an address (matching `filter`) arrived, and returns them. */
  async waitFor(address: string, count = 1, timeoutMs = 30_000, filter: (m: ReceivedMail) => boolean = () => true): Promise<ReceivedMail[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mails = this.to(address).filter(filter);
      if (mails.length >= count) return mails;
      if (Date.now() > deadline)
        throw new Error(
          `expected ${count} mail(s) to ${address}, got ${mails.length}: ${this.mails.map((m) => `${m.to.join(',')}: ${m.subject}`).join(' | ')}`,
        );
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** A header as it was written (unfolded), from the raw header lines. */
function headerText(parsed: ParsedMail, name: string): string {
  const line = parsed.headerLines.find((l) => l.key === name.toLowerCase());
  return line
    ? line.line
        .slice(line.line.indexOf(':') + 1)
        .replace(/\r?\n[ \t]+/g, ' ')
        .trim()
    : '';
}

/** Every href in an HTML part. */
export function linksOf(html: string): string[] {
  return [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
}
