import { Controller, Get, Header, HttpCode, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { ErrorCode, Public, RpcClient, RpcFailure, withDefaultSettings } from '@reelsmith/kit';
import { notificationsV1 } from '@reelsmith/proto';
import type { Response } from 'express';
import { CurrentCaller } from '../auth/current-caller.decorator';
import type { Caller } from '../auth/jwt.strategy';
import { type MessageJson, type SentMailJson, type SettingsInput, settingsBody, type SettingsJson, testEmailBody } from '@reelsmith/proto/http';
import type { z } from 'zod/v4';
import { JsonBody } from '../http/body';

const Rpc = notificationsV1.NotificationsService.method;

/** The settings object: profile, four notification flags and the two privacy options; a group the message lacks has its defaults. */
export function settingsJson(settings: notificationsV1.Settings): SettingsJson {
  return withDefaultSettings(settings);
}

/** Escapes text for the small unsubscribe page. */
function html(value: string) {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function page(title: string, message: string) {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${html(title)} - Reelsmith</title></head>` +
    `<body style="font-family:Helvetica,Arial,sans-serif;max-width:560px;margin:48px auto;padding:0 16px;color:#111827">` +
    `<h1 style="color:#ff6600;font-size:22px">Reelsmith</h1><h2 style="font-size:20px">${html(title)}</h2><p>${html(message)}</p>` +
    `<p><a href="/settings" style="color:#ff6600">Open your settings</a></p></body></html>`
  );
}

@ApiTags('settings')
@Controller('api')
export class SettingsController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiBearerAuth()
  @Get('user/settings')
  async get(@CurrentCaller() caller: Caller) {
    return settingsJson(await this.rpc.call(Rpc.settingsGet, { userId: caller.userId }));
  }

  /** A partial update: only the fields sent change; e-mail checked ('Invalid email'), name trimmed. */
  @ApiBearerAuth()
  @Patch('user/settings')
  async update(@CurrentCaller() caller: Caller, @JsonBody(settingsBody) body: SettingsInput) {
    const settings = await this.rpc.call(Rpc.settingsUpdate, {
      userId: caller.userId,
      ...(body.email !== undefined ? { email: body.email ?? '' } : {}),
      ...(body.name !== undefined ? { name: body.name ?? '' } : {}),
      ...body.notifications,
      ...body.privacy,
      ...(body.musicTrackId !== undefined ? { musicTrackId: body.musicTrackId ?? '' } : {}),
      ...(body.transcriptLanguage !== undefined ? { transcriptLanguage: body.transcriptLanguage } : {}),
    });
    return settingsJson(settings);
  }

  @ApiBearerAuth()
  @Post('test-email')
  @HttpCode(200)
  async testEmail(@CurrentCaller() caller: Caller, @JsonBody(testEmailBody) body: z.output<typeof testEmailBody>): Promise<MessageJson> {
    const { message } = await this.rpc.call(Rpc.testEmailSend, { userId: caller.userId, ...body }, { timeoutMs: 45_000 });
    return { message };
  }

  /** The caller's last mails (sent, failed, skipped, pending), newest first. */
  @ApiBearerAuth()
  @Get('user/notifications')
  async mails(@CurrentCaller() caller: Caller): Promise<SentMailJson[]> {
    const { mails } = await this.rpc.call(Rpc.mailsList, { userId: caller.userId, limit: 20 });
    // The message carries kind and status as strings; notifications writes only the values SentMailJson names.
    return mails.map((m) => ({
      id: m.id,
      kind: m.kind as SentMailJson['kind'],
      subject: m.subject,
      to: m.to,
      status: m.status as SentMailJson['status'],
      detail: m.detail,
      attempts: m.attempts,
      createdAt: m.createdAt ? timestampDate(m.createdAt).toISOString() : null,
      sentAt: m.sentAt ? timestampDate(m.sentAt).toISOString() : null,
    }));
  }

  /**
   * The unsubscribe link of a mail (no sign-in: the token is signed for one user and category).
   * GET is the link a person clicks; POST is RFC 8058's one-click from the List-Unsubscribe header.
   */
  @Public()
  @Get('unsubscribe')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  async unsubscribeLink(@Query('token') token: unknown, @Res({ passthrough: true }) res: Response) {
    try {
      const { message } = await this.rpc.call(Rpc.unsubscribe, { token: typeof token === 'string' ? token.slice(0, 500) : '' });
      return page('You are unsubscribed', message);
    } catch (err) {
      if (!(err instanceof RpcFailure) || err.code !== ErrorCode.NOT_FOUND) throw err;
      res.status(404);
      return page('This link does not work', 'This unsubscribe link is not valid. Sign in and change your e-mails in Settings.');
    }
  }

  @Public()
  @Post('unsubscribe')
  @HttpCode(200)
  async unsubscribeOneClick(@Query('token') token: unknown) {
    const { message, category } = await this.rpc.call(Rpc.unsubscribe, { token: typeof token === 'string' ? token.slice(0, 500) : '' });
    return { message, category };
  }
}
