import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  /** Stable per mail (derived from its id), so a mail sent twice is recognisably the same. */
  messageId: string;
  attachments?: Array<{ filename: string; content: Buffer; cid: string; contentType: string }>;
}

/** Where mails leave the service; nodemailer over SMTP in every environment (a catcher in development). */
export abstract class MailTransport {
  /** Resolves with the accepted Message-ID; rejects with the SMTP error. */
  abstract send(mail: OutgoingMail): Promise<string>;
}

@Injectable()
export class SmtpMailTransport extends MailTransport implements OnApplicationShutdown {
  private readonly transporter: Transporter;

  constructor(smtpUrl: string) {
    super();
    // No pool: each mail opens its own connection, so a server that went away and came back is simply used again.
    this.transporter = nodemailer.createTransport(smtpUrl, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as never);
  }

  async send(mail: OutgoingMail): Promise<string> {
    const info = await this.transporter.sendMail({
      from: mail.from,
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      headers: mail.headers,
      messageId: mail.messageId,
      attachments: mail.attachments,
    });
    return info.messageId;
  }

  onApplicationShutdown() {
    this.transporter.close();
  }
}
