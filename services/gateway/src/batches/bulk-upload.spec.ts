import { isVideoFile } from './bulk-upload';

describe('bulk upload parts', () => {
  it('takes video types only, or a video file name when the browser sent no type', () => {
    expect(isVideoFile('a.mp4', 'video/mp4')).toBe(true);
    expect(isVideoFile('clip', 'video/quicktime')).toBe(true);
    expect(isVideoFile('a.mkv', 'application/octet-stream')).toBe(true);
    expect(isVideoFile('a.MOV', '')).toBe(true);
    expect(isVideoFile('notes.txt', 'text/plain')).toBe(false);
    expect(isVideoFile('notes.mp4', 'text/plain')).toBe(false);
    expect(isVideoFile('photo.jpg', 'application/octet-stream')).toBe(false);
  });
});
