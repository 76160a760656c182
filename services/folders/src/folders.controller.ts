import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { RpcHandler } from '@reelsmith/kit';
import { foldersV1 } from '@reelsmith/proto';
import { FoldersService } from './folders.service';

const { FoldersService: Rpc } = foldersV1;

@Controller()
export class FoldersController {
  constructor(private readonly folders: FoldersService) {}

  @RpcHandler(Rpc.method.foldersList)
  list(@Payload() request: foldersV1.FoldersListRequest) {
    return this.folders.list(request.userId);
  }

  @RpcHandler(Rpc.method.foldersGet)
  get(@Payload() request: foldersV1.FolderRef) {
    return this.folders.get(request.userId, request.folderId);
  }

  @RpcHandler(Rpc.method.foldersCreate)
  create(@Payload() request: foldersV1.FoldersCreateRequest) {
    return this.folders.create(request.userId, request);
  }

  @RpcHandler(Rpc.method.foldersUpdate)
  update(@Payload() request: foldersV1.FoldersUpdateRequest) {
    return this.folders.update(request.userId, request.folderId, request);
  }

  @RpcHandler(Rpc.method.foldersDelete)
  delete(@Payload() request: foldersV1.FolderRef) {
    return this.folders.delete(request.userId, request.folderId);
  }

  @RpcHandler(Rpc.method.folderAccessGet)
  access(@Payload() request: foldersV1.FolderRef) {
    return this.folders.access(request.userId, request.folderId);
  }

  @RpcHandler(Rpc.method.foldersShared)
  shared(@Payload() request: foldersV1.FoldersListRequest) {
    return this.folders.shared(request.userId);
  }

  @RpcHandler(Rpc.method.membersList)
  members(@Payload() request: foldersV1.FolderRef) {
    return this.folders.members(request.userId, request.folderId);
  }

  @RpcHandler(Rpc.method.membersAdd)
  addMember(@Payload() request: foldersV1.MembersAddRequest) {
    return this.folders.addMember(request);
  }

  @RpcHandler(Rpc.method.membersRemove)
  removeMember(@Payload() request: foldersV1.MembersRemoveRequest) {
    return this.folders.removeMember(request);
  }
}
