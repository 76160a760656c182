import { Injectable } from '@nestjs/common';
import { isUuid } from '@reelsmith/kit';
import type { VideoEntity } from './entities/video.entity';
import { FolderDirectory } from './folder-directory';
import { VideosRepository } from './videos.repository';

/**
 * Who may see a video: its owner, and the members of the team folder it is in (they watch it and
 * make their own reels from it; changing or deleting it stays the owner's). Everything else about
 * the video is answered NOT_FOUND by the caller of these methods.
 */
@Injectable()
export class VideoAccess {
  constructor(
    private readonly videos: VideosRepository,
    private readonly folders: FolderDirectory,
  ) {}

  /** The video when `userId` owns it or it sits in a folder shared with them; null otherwise. */
  async visible(userId: string, videoId: string): Promise<VideoEntity | null> {
    if (!isUuid(videoId) || !isUuid(userId)) return null;
    const video = await this.videos.findById(videoId);
    if (!video) return null;
    if (video.userId === userId) return video;
    // Only a member reaches a folder they do not own, so a reach here means a shared folder.
    if (video.folderId && (await this.folders.reach(userId, video.folderId))) return video;
    return null;
  }
}

/** Whether the caller sees the video through a team folder rather than as its owner. */
export const sharedWith = (video: VideoEntity, userId: string) => video.userId !== userId;
