import { Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { RpcClient, RpcFailure } from '@reelsmith/kit';
import { authV1, foldersV1, mediaV1 } from '@reelsmith/proto';
import { CurrentCaller } from '../auth/current-caller.decorator';
import type { Caller } from '../auth/jwt.strategy';
import { type DeletedJson, folderBody, type FolderJson, folderMemberBody, type FolderMembersJson, type SharedFolderJson } from '@reelsmith/proto/http';
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

const isoOrNull = (t: Parameters<typeof timestampDate>[0] | undefined) => (t ? timestampDate(t).toISOString() : null);

function membersJson(list: foldersV1.FolderMemberList, caller: Caller): FolderMembersJson {
  return {
    folderId: list.folderId,
    // The owner's name is kept with each membership; a folder nobody shares yet is the caller's own.
    ownerUsername: list.ownerUsername || (list.callerOwns ? caller.username : ''),
    owner: list.callerOwns,
    members: list.members.map((m) => ({ userId: m.userId, username: m.username, addedAt: isoOrNull(m.addedAt) })),
  };
}

@ApiTags('folders')
@ApiBearerAuth()
@Controller('api/video-folders')
export class FoldersController {
  constructor(private readonly rpc: RpcClient) {}

  /** Team folders others shared with the caller (declared before :id). */
  @Get('shared')
  async shared(@CurrentCaller() caller: Caller): Promise<SharedFolderJson[]> {
    const { folders } = await this.rpc.call(Rpc.foldersShared, { userId: caller.userId });
    return folders.flatMap(({ folder, ownerUsername, sharedAt }) => (folder ? [{ ...folderJson(folder), ownerUsername, sharedAt: isoOrNull(sharedAt) }] : []));
  }

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

  /** The folder's videos, shaped as GET /api/videos; 404 for a folder the caller neither owns nor was added to. */
  @Get(':id/videos')
  async videos(@CurrentCaller() caller: Caller, @Param('id') id: string) {
    const { videos } = await this.rpc.call(mediaV1.MediaService.method.videosList, { userId: caller.userId, folderId: id });
    return videos.map(videoJson);
  }

  @Get(':id/members')
  async members(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<FolderMembersJson> {
    return membersJson(await this.rpc.call(Rpc.membersList, { userId: caller.userId, folderId: id }), caller);
  }

  /** Shares the folder with a teammate by username (Pro; 404 for an unknown username). */
  @Post(':id/members')
  @Idempotent()
  async addMember(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @JsonBody(folderMemberBody) body: z.output<typeof folderMemberBody>,
  ): Promise<FolderMembersJson> {
    const username = body.username.trim();
    if (!username) throw RpcFailure.invalid('Please enter the username of a teammate.');
    // The folder is checked first, so a foreign folder id answers 404 without telling whether the user exists.
    await this.rpc.call(Rpc.foldersGet, { userId: caller.userId, folderId: id });
    const member = await this.rpc.call(authV1.AuthService.method.userFind, { username });
    const list = await this.rpc.call(Rpc.membersAdd, {
      userId: caller.userId,
      folderId: id,
      ownerUsername: caller.username,
      memberUserId: member.id,
      memberUsername: member.username,
    });
    return membersJson(list, caller);
  }

  /** The owner removes a teammate; a teammate removes themselves (leaves the folder). */
  @Delete(':id/members/:userId')
  async removeMember(@CurrentCaller() caller: Caller, @Param('id') id: string, @Param('userId') memberUserId: string): Promise<FolderMembersJson> {
    return membersJson(await this.rpc.call(Rpc.membersRemove, { userId: caller.userId, folderId: id, memberUserId }), caller);
  }
}
