import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { RpcHandler } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import { ProjectFilesService } from './project-files.service';

const Rpc = mediaV1.MediaService.method;

@Controller()
export class ProjectFilesController {
  constructor(private readonly projects: ProjectFilesService) {}

  @RpcHandler(Rpc.highlightsProject)
  project(@Payload() request: mediaV1.ProjectFileRequest) {
    return this.projects.file(request.userId, request.highlightId, request.format);
  }
}
