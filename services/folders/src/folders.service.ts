import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Injectable } from '@nestjs/common';
import { EventPublisher, RpcFailure } from '@reelsmith/kit';
import { foldersV1 } from '@reelsmith/proto';
import type { FolderEntity } from './entities/folder.entity';
import type { FolderMemberEntity } from './entities/folder-member.entity';
import { checkFolder, type FolderColor, type FolderInput, isNoOpUpdate } from './folder-rules';
import { FoldersRepository } from './folders.repository';
import { TeamGate } from './team-gate';

const NOT_FOUND = 'Folder not found';
/** Teammates a folder can be shared with. */
export const MEMBERS_MAX = 25;
const { FolderRole } = foldersV1;

@Injectable()
export class FoldersService {
  constructor(
    private readonly folders: FoldersRepository,
    private readonly events: EventPublisher,
    private readonly team: TeamGate,
  ) {}

  async list(userId: string): Promise<foldersV1.FolderList> {
    const folders = await this.folders.listOwned(userId);
    return create(foldersV1.FolderListSchema, { folders: folders.map(toFolderMessage) });
  }

  async get(userId: string, folderId: string): Promise<foldersV1.Folder> {
    return toFolderMessage(await this.owned(userId, folderId));
  }

  async create(userId: string, input: FolderInput): Promise<foldersV1.Folder> {
    const fields = checked(input);
    return toFolderMessage(await this.folders.create(userId, fields));
  }

  async update(userId: string, folderId: string, input: FolderInput): Promise<foldersV1.Folder> {
    const folder = await this.owned(userId, folderId);
    if (isNoOpUpdate(input)) return toFolderMessage(folder);
    const fields = checked(input, folder.color as FolderColor);
    const updated = await this.folders.updateOwned(folder.id, userId, fields);
    if (!updated) throw RpcFailure.notFound(NOT_FOUND);
    return toFolderMessage(updated);
  }

  async delete(userId: string, folderId: string): Promise<foldersV1.FoldersDeleteResponse> {
    // Published before the deletion commits: if it cannot be published the folder stays, so its
    // videos never point at a folder nobody will tell media about.
    const deleted = await this.folders.deleteOwned(folderId, userId, async () => {
      await this.events.publish(foldersV1.FolderDeletedSchema, { folderId, userId });
    });
    if (!deleted) throw RpcFailure.notFound(NOT_FOUND);
    return create(foldersV1.FoldersDeleteResponseSchema, { folderId });
  }

  async access(userId: string, folderId: string): Promise<foldersV1.FolderAccess> {
    const { folder, role } = await this.reachable(userId, folderId);
    return create(foldersV1.FolderAccessSchema, { folder: toFolderMessage(folder), role, ownerUserId: folder.userId });
  }

  async shared(userId: string): Promise<foldersV1.SharedFolderList> {
    const rows = await this.folders.listMemberships(userId);
    return create(foldersV1.SharedFolderListSchema, {
      folders: rows.map((row) => ({ folder: toFolderMessage(row.folder), ownerUsername: row.ownerUsername, sharedAt: timestampFromDate(row.addedAt) })),
    });
  }

  async members(userId: string, folderId: string): Promise<foldersV1.FolderMemberList> {
    const { folder, role } = await this.reachable(userId, folderId);
    return this.memberList(folder.id, role === FolderRole.OWNER);
  }

  async addMember(request: foldersV1.MembersAddRequest): Promise<foldersV1.FolderMemberList> {
    const folder = await this.owned(request.userId, request.folderId);
    await this.team.check(request.userId);
    if (request.memberUserId === request.userId) throw RpcFailure.invalid('This is your own folder; add a teammate by their username.');
    const outcome = await this.folders.addMember(
      { folderId: folder.id, memberUserId: request.memberUserId, memberUsername: request.memberUsername, ownerUsername: request.ownerUsername },
      MEMBERS_MAX,
    );
    if (outcome === 'full') throw RpcFailure.invalid(`A folder can be shared with at most ${MEMBERS_MAX} teammates.`);
    return this.memberList(folder.id, true);
  }

  /** The owner removes any member; a member may remove only themselves. */
  async removeMember(request: foldersV1.MembersRemoveRequest): Promise<foldersV1.FolderMemberList> {
    const { folder, role } = await this.reachable(request.userId, request.folderId);
    if (role === FolderRole.MEMBER && request.memberUserId !== request.userId)
      throw RpcFailure.permissionDenied('Only the folder’s owner can remove other teammates.');
    if (!(await this.folders.findMember(folder.id, request.memberUserId))) throw RpcFailure.notFound('This user is not a member of the folder.');
    await this.folders.removeMember(folder.id, request.memberUserId);
    return this.memberList(folder.id, role === FolderRole.OWNER);
  }

  /** The folder when the caller owns it or is one of its members; NOT_FOUND otherwise. */
  private async reachable(userId: string, folderId: string): Promise<{ folder: FolderEntity; role: foldersV1.FolderRole }> {
    const folder = await this.folders.findById(folderId);
    if (folder?.userId === userId) return { folder, role: FolderRole.OWNER };
    if (folder && (await this.folders.findMember(folder.id, userId))) return { folder, role: FolderRole.MEMBER };
    throw RpcFailure.notFound(NOT_FOUND);
  }

  private async memberList(folderId: string, callerOwns: boolean): Promise<foldersV1.FolderMemberList> {
    const members = await this.folders.listMembers(folderId);
    return create(foldersV1.FolderMemberListSchema, {
      folderId,
      ownerUsername: members[0]?.ownerUsername ?? '',
      members: members.map(toMemberMessage),
      callerOwns,
    });
  }

  private async owned(userId: string, folderId: string): Promise<FolderEntity> {
    const folder = await this.folders.findOwned(folderId, userId);
    if (!folder) throw RpcFailure.notFound(NOT_FOUND);
    return folder;
  }
}

function checked(input: FolderInput, fallbackColor?: FolderColor) {
  const result = checkFolder(input, fallbackColor);
  if (!result.ok) throw RpcFailure.invalid(result.violations[0].message, result.violations);
  return result.fields;
}

function toMemberMessage(member: FolderMemberEntity): foldersV1.FolderMember {
  return create(foldersV1.FolderMemberSchema, { userId: member.memberUserId, username: member.memberUsername, addedAt: timestampFromDate(member.addedAt) });
}

export function toFolderMessage(folder: FolderEntity): foldersV1.Folder {
  return create(foldersV1.FolderSchema, {
    id: folder.id,
    name: folder.name,
    description: folder.description ?? '',
    color: folder.color,
    createdAt: timestampFromDate(folder.createdAt),
    updatedAt: timestampFromDate(folder.updatedAt),
  });
}
