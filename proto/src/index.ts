import { createRegistry } from '@bufbuild/protobuf';
import * as authV1 from './gen/auth/v1/auth_pb';
import * as billingV1 from './gen/billing/v1/billing_pb';
import * as batchesV1 from './gen/batches/v1/batches_pb';
import * as commonV1 from './gen/common/v1/common_pb';
import * as foldersV1 from './gen/folders/v1/folders_pb';
import * as analyticsV1 from './gen/media/v1/analytics_pb';
import * as mediaV1 from './gen/media/v1/media_pb';
import * as shareLinksV1 from './gen/media/v1/share_links_pb';
import * as musicV1 from './gen/music/v1/music_pb';
import * as notificationsV1 from './gen/notifications/v1/notifications_pb';

export { analyticsV1, authV1, batchesV1, billingV1, commonV1, foldersV1, mediaV1, musicV1, notificationsV1, shareLinksV1 };
export * from './subjects';

/** Every message of every contract, so a codec can pack and unpack google.protobuf.Any by type name. */
export const contractRegistry = createRegistry(
  commonV1.file_common_v1_common,
  authV1.file_auth_v1_auth,
  mediaV1.file_media_v1_media,
  shareLinksV1.file_media_v1_share_links,
  analyticsV1.file_media_v1_analytics,
  musicV1.file_music_v1_music,
  foldersV1.file_folders_v1_folders,
  batchesV1.file_batches_v1_batches,
  notificationsV1.file_notifications_v1_notifications,
  billingV1.file_billing_v1_billing,
);
