import { Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { RpcClient } from '@reelsmith/kit';
import { foldersV1, mediaV1 } from '@reelsmith/proto';
import { CurrentCaller } from '../auth/current-caller.decorator';
import type { Caller } from '../auth/jwt.strategy';
import { type DeletedJson, folderBody, type FolderJson } from '@reelsmith/proto/http';
import type { z } from 'zod/v4';
import { JsonBody } from '../http/body';
import { videoJson } from '../videos/video-json';
import { Idempotent } from '../http/idempotency.interceptor';

const Rpc = foldersV1.FoldersService.method;

/** A folder as the web app reads it: description left out when it has none. */
export function folderJson(folder: foldersV1.Folder): FolderJson {
  return {
    id: folder.id,
    name: folder.name,
    ...(folder.description ? { description: folder.description } : {}),
    color: folder.color,
    createdAt: folder.createdAt ? timestampDate(folder.createdAt).toISOString() : null,
    updatedAt: folder.updatedAt ? timestampDate(folder.updatedAt).toISOString() : null,
  };
}

@ApiTags('folders')
@ApiBearerAuth()
@Controller('api/video-folders')
export class FoldersController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  async list(@CurrentCaller() caller: Caller) {
    const { folders } = await this.rpc.call(Rpc.foldersList, { userId: caller.userId });
    return folders.map(folderJson);
  }

  @Post()
  @Idempotent()
  async create(@CurrentCaller() caller: Caller, @JsonBody(folderBody) body: z.output<typeof folderBody>) {
    return folderJson(await this.rpc.call(Rpc.foldersCreate, { userId: caller.userId, ...body }));
  }

  @Put(':id')
  async update(@CurrentCaller() caller: Caller, @Param('id') id: string, @JsonBody(folderBody) body: z.output<typeof folderBody>) {
    return folderJson(await this.rpc.call(Rpc.foldersUpdate, { userId: caller.userId, folderId: id, ...body }));
  }

  @Delete(':id')
  async delete(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<DeletedJson> {
    const { folderId } = await this.rpc.call(Rpc.foldersDelete, { userId: caller.userId, folderId: id });
    return { id: folderId, deleted: true };
  }

  /** The folder's videos, shaped as GET /api/videos; 404 for a folder the caller does not own. */
  @Get(':id/videos')
  async videos(@CurrentCaller() caller: Caller, @Param('id') id: string) {
    const folder = await this.rpc.call(Rpc.foldersGet, { userId: caller.userId, folderId: id });
    const { videos } = await this.rpc.call(mediaV1.MediaService.method.videosList, { userId: caller.userId, folderId: folder.id });
    return videos.map(videoJson);
  }
}
