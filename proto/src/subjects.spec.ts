import { authV1, eventSubject, foldersV1, jobSubject, mediaV1, musicV1, progressSubject, rpcSubject } from './index';

describe('subjects derive from the contract names', () => {
  it('names RPC subjects after the domain and the method', () => {
    expect(rpcSubject(authV1.AuthService.method.register)).toBe('auth.register');
    expect(rpcSubject(authV1.AuthService.method.login)).toBe('auth.login');
    expect(rpcSubject(authV1.AuthService.method.me)).toBe('auth.me');
  });

  it('names event subjects evt.<domain>.<noun>.<verb>', () => {
    expect(eventSubject(authV1.UserRegisteredSchema)).toBe('evt.auth.user.registered');
  });
});

describe('media subjects', () => {
  it('derives multi-word RPC subjects', () => {
    expect(rpcSubject(mediaV1.MediaService.method.videosList)).toBe('media.videos.list');
    expect(rpcSubject(mediaV1.MediaService.method.uploadUrlCreate)).toBe('media.upload.url.create');
  });

  it('names job and progress subjects', () => {
    expect(jobSubject(mediaV1.ProcessJobSchema)).toBe('job.media.process');
    expect(() => jobSubject(mediaV1.VideoSchema)).toThrow(/not a job message/);
    expect(eventSubject(mediaV1.VideoProcessedSchema)).toBe('evt.media.video.processed');
    expect(progressSubject('u1', 'v1')).toBe('progress.u1.v1');
    expect(progressSubject('u1')).toBe('progress.u1.>');
  });
});

describe('music subjects', () => {
  it('names the catalogue RPCs music.tracks.*', () => {
    expect(rpcSubject(musicV1.MusicService.method.tracksList)).toBe('music.tracks.list');
    expect(rpcSubject(musicV1.MusicService.method.tracksGet)).toBe('music.tracks.get');
  });
});

describe('folders subjects', () => {
  it('names the folder RPCs folders.folders.* and the deletion event evt.folders.folder.deleted', () => {
    expect(rpcSubject(foldersV1.FoldersService.method.foldersList)).toBe('folders.folders.list');
    expect(rpcSubject(foldersV1.FoldersService.method.foldersGet)).toBe('folders.folders.get');
    expect(rpcSubject(foldersV1.FoldersService.method.foldersDelete)).toBe('folders.folders.delete');
    expect(rpcSubject(mediaV1.MediaService.method.videosMove)).toBe('media.videos.move');
    expect(eventSubject(foldersV1.FolderDeletedSchema)).toBe('evt.folders.folder.deleted');
  });
});
