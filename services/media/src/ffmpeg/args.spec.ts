import { probeArgs, progressSeconds, proxyArgs, thumbnailArgs, trimArgs } from './args';

describe('ffmpeg argument builders', () => {
  it('probes as JSON with format and streams', () => {
    expect(probeArgs('in.mp4')).toEqual(['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', 'in.mp4']);
  });

  it('takes one scaled frame at the given time for a thumbnail', () => {
    const args = thumbnailArgs('in.mov', 'out.jpg', 1.5);
    expect(args.slice(args.indexOf('-ss'), args.indexOf('-ss') + 4)).toEqual(['-ss', '1.500', '-i', 'in.mov']);
    expect(args).toEqual(expect.arrayContaining(['-frames:v', '1', '-vf', 'scale=640:-2']));
    expect(args.at(-1)).toBe('out.jpg');
  });

  it('makes an H.264/AAC faststart proxy, mapping audio only when there is some', () => {
    const withAudio = proxyArgs('in.webm', 'out.mp4', { hasAudio: true, height: 720 });
    expect(withAudio).toEqual(expect.arrayContaining(['-c:v', 'libx264', '-c:a', 'aac', '-movflags', '+faststart', '-map', '0:a:0']));
    expect(withAudio).not.toContain('-vf');
    const silent = proxyArgs('in.webm', 'out.mp4', { hasAudio: false, height: 720 });
    expect(silent).toContain('-an');
    expect(silent).not.toContain('0:a:0');
  });

  it('only changes the container when the streams are already H.264/AAC', () => {
    const args = proxyArgs('in.mkv', 'out.mp4', { hasAudio: true, height: 2160, remux: true });
    expect(args).toEqual(expect.arrayContaining(['-c:v', 'copy', '-c:a', 'copy', '-movflags', '+faststart']));
    expect(args).not.toContain('libx264');
    expect(args).not.toContain('-vf');
  });

  it('scales proxies of sources taller than 1080p down to 1080p', () => {
    expect(proxyArgs('in', 'out', { hasAudio: true, height: 2160 })).toEqual(expect.arrayContaining(['-vf', 'scale=-2:1080']));
  });

  it('cuts a clip from start for its length', () => {
    const args = trimArgs('src', 'clip.mp4', 5, 12.5, true);
    expect(args.slice(args.indexOf('-ss'), args.indexOf('-ss') + 6)).toEqual(['-ss', '5.000', '-i', 'src', '-t', '7.500']);
  });

  it('reads the output time from ffmpeg -progress blocks', () => {
    expect(progressSeconds('frame=10\nout_time_us=2500000\nprogress=continue')).toBe(2.5);
    expect(progressSeconds('frame=10\nprogress=continue')).toBeNull();
  });
});
