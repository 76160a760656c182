import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { RpcHandler } from '@reelsmith/kit';
import { notificationsV1 } from '@reelsmith/proto';
import { NotificationsService } from './notifications.service';

const { NotificationsService: Rpc } = notificationsV1;

@Controller()
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @RpcHandler(Rpc.method.settingsGet)
  get(@Payload() request: notificationsV1.SettingsGetRequest) {
    return this.notifications.getSettings(request.userId);
  }

  @RpcHandler(Rpc.method.settingsUpdate)
  update(@Payload() request: notificationsV1.SettingsUpdateRequest) {
    return this.notifications.updateSettings(request);
  }

  @RpcHandler(Rpc.method.testEmailSend)
  testEmail(@Payload() request: notificationsV1.TestEmailSendRequest) {
    return this.notifications.sendTestEmail(request);
  }

  @RpcHandler(Rpc.method.mailsList)
  mails(@Payload() request: notificationsV1.MailsListRequest) {
    return this.notifications.listMails(request.userId, request.limit);
  }

  @RpcHandler(Rpc.method.unsubscribe)
  unsubscribe(@Payload() request: notificationsV1.UnsubscribeRequest) {
    return this.notifications.unsubscribe(request.token);
  }

  @RpcHandler(Rpc.method.autoDeleteUsersList)
  autoDeleteUsers() {
    return this.notifications.autoDeleteUsers();
  }
}
