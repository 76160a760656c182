import {
  analysisArgs,
  cropExpression,
  filmstripArgs,
  posterArgs,
  posterTime,
  probeArgs,
  progressSeconds,
  proxyArgs,
  qualityFor,
  qualityOfSize,
  reelLength,
  reelSize,
  renderArgs,
  thumbnailArgs,
  trimArgs,
} from './args';

describe('ffmpeg argument builders', () => {
  it('probes as JSON with format and streams', () => {
    expect(probeArgs('in.mp4')).toEqual(['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', 'in.mp4']);
  });

  it('takes one scaled frame at the given time for a thumbnail', () => {
    const args = thumbnailArgs('in.mov', 'out.jpg', 1.5);
    expect(args.slice(args.indexOf('-ss'), args.indexOf('-ss') + 4)).toEqual(['-ss', '1.500', '-i', 'in.mov']);
    // Pixels made square first: an anamorphic source's thumbnail has the shape it is shown with.
    expect(args).toEqual(expect.arrayContaining(['-frames:v', '1', '-vf', "scale='trunc(iw*sar/2)*2':ih,setsar=1,scale=640:-2"]));
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

describe('analysisArgs', () => {
  const threads = (args: string[]) => (args.includes('-threads') ? args[args.indexOf('-threads') + 1] : 'auto');

  it("decodes pictures up to 720p on one thread (the other core is the face detector's), larger ones on ffmpeg's threads", () => {
    expect(threads(analysisArgs('in.mp4', true, { width: 320, height: 180 }, { width: 1280, height: 720 }))).toBe('1');
    expect(threads(analysisArgs('in.mp4', true, { width: 180, height: 320 }, { width: 360, height: 640 }))).toBe('1');
    expect(threads(analysisArgs('in.mp4', true, { width: 320, height: 180 }, { width: 1920, height: 1080 }))).toBe('auto');
    expect(threads(analysisArgs('in.mp4', true))).toBe('auto');
  });

  it('sends one frame a second for faces on fd 5 only when asked', () => {
    expect(analysisArgs('in.mp4', false, { width: 320, height: 180 }).join(' ')).toContain('fps=1,scale=320:180');
    expect(analysisArgs('in.mp4', false)).not.toContain('pipe:5');
  });
});

describe('renderArgs', () => {
  const base = {
    source: 'src.mp4',
    hasAudio: true,
    quality: '720p' as const,
    format: 'mp4' as const,
    aspect: '16:9' as const,
    crossfade: 0.4,
    output: 'reel.mp4',
    moments: [
      { start: 10, end: 14 },
      { start: 30, end: 35 },
      { start: 50, end: 53 },
    ],
  };
  const graph = (args: string[]) => args[args.indexOf('-filter_complex') + 1];

  it('seeks one input per moment and crossfades only the joins', () => {
    const args = renderArgs(base);
    expect(args.filter((a) => a === '-i')).toHaveLength(3);
    expect(args.slice(args.indexOf('-ss'), args.indexOf('-ss') + 6)).toEqual(['-ss', '10.000', '-t', '4.000', '-i', 'src.mp4']);
    const g = graph(args);
    expect(g.match(/fade=t=in:st=0:d=0.4:alpha=1/g)).toHaveLength(2);
    expect(g.match(/overlay=format=yuv420/g)).toHaveLength(2);
    expect(g.match(/acrossfade=d=0.4/g)).toHaveLength(2);
    // Sound and picture of every piece go through one concat, in reel order.
    expect(g).toContain('[bv0o][ba0o][xv0][xa0][bv1o][ba1o][xv1][xa1][bv2o][ba2o]concat=n=5:v=1:a=1[vout][ajoined]');
    expect(g).not.toContain('xfade');
    expect(args).toEqual(expect.arrayContaining(['-map', '[vout]', '-map', '[aout]', '-t', '11.200']));
    expect(reelLength(base)).toBeCloseTo(11.2, 5);
  });

  it('cuts the sound of each join in whole samples, so both sides of a crossfade are exactly as long', () => {
    const g = graph(renderArgs(base));
    // 0.4 s at 48 kHz = 19200 samples; the first moment lasts 4 s = 192000 samples.
    expect(g).toContain('[ta0]atrim=start_sample=172800:end_sample=192000');
    expect(g).toContain('[ha1]atrim=start_sample=0:end_sample=19200');
    expect(g).toContain('[ba1]atrim=start_sample=19200:end_sample=220800');
  });

  it('resizes only when the source is not already the reel size', () => {
    expect(graph(renderArgs({ ...base, sourceSize: { width: 1280, height: 720, sampleAspect: 1 } }))).not.toMatch(/scale=|[,;]pad=/);
    const smaller = graph(renderArgs({ ...base, sourceSize: { width: 1920, height: 1080, sampleAspect: 1 } }));
    expect(smaller).toContain('scale=1280:720,');
    expect(smaller).not.toMatch(/[,;]pad=/);
    expect(graph(renderArgs({ ...base, sourceSize: { width: 1440, height: 1080 } }))).toContain('pad=1280:720:(ow-iw)/2:(oh-ih)/2');
    expect(graph(renderArgs(base))).toContain('pad=1280:720');
  });

  it('makes the pixels square before sizing or cropping when they are not (or not known to be)', () => {
    const anamorphic = graph(renderArgs({ ...base, sourceSize: { width: 1024, height: 576, sampleAspect: 16 / 11 } }));
    expect(anamorphic).toContain("fps=30:start_time=0,scale='trunc(iw*sar/2)*2':ih,setsar=1,scale=1280:720,");
    expect(graph(renderArgs(base))).toContain("scale='trunc(iw*sar/2)*2':ih,setsar=1,");
    const portrait = graph(renderArgs({ ...base, aspect: '9:16', sourceSize: { width: 1024, height: 576, sampleAspect: 16 / 11 } }));
    expect(portrait).toContain("scale='trunc(iw*sar/2)*2':ih,setsar=1,crop=");
  });

  it('never upscales: the highest quality the source fills', () => {
    expect(qualityFor('1080p', '16:9', { width: 1280, height: 720 })).toBe('720p');
    expect(qualityFor('1080p', '16:9', { width: 1920, height: 1080 })).toBe('1080p');
    expect(qualityFor('720p', '16:9', { width: 3840, height: 2160 })).toBe('720p');
    expect(qualityFor('1080p', '16:9', { width: 640, height: 360 })).toBe('480p');
    expect(qualityFor('1080p', '9:16', { width: 720, height: 1280 })).toBe('720p');
    expect(qualityFor('1080p', '16:9')).toBe('1080p');
  });

  it('normalises with a fixed gain and a limiter when the level is known, else with loudnorm', () => {
    expect(graph(renderArgs({ ...base, sourceLevel: -30 }))).toContain('volume=14.0dB,alimiter=limit=0.85');
    expect(graph(renderArgs(base))).toContain('loudnorm=I=-16');
  });

  it('ducks a music bed under the source sound', () => {
    const args = renderArgs({ ...base, music: { source: 'music.mp3', loudness: -14 } });
    expect(args).toEqual(expect.arrayContaining(['-stream_loop', '-1', '-i', 'music.mp3']));
    expect(graph(args)).toMatch(/\[3:a\]atrim=0:11\.200.*volume=-10\.0dB.*\[bed\]/);
    expect(graph(args)).toContain('[bed][key]sidechaincompress=threshold=0.03:ratio=6:attack=20:release=350[ducked]');
    // The levels are MUSIC_MIX's (proto/src/http/music-mix.ts), which the editor's preview also plays.
    expect(graph(args)).toContain('afade=t=out:st=9.700:d=1.5[bed]');
  });

  it('crops 9:16 around the action and encodes AVI as MPEG-4 with MP3', () => {
    const args = renderArgs({ ...base, aspect: '9:16', format: 'avi', moments: [{ start: 0, end: 5, crop: [{ from: 0, to: 5, x0: 0.8, x1: 0.8 }] }] });
    expect(graph(args)).toContain("crop=w='min(iw,ih*9/16)':h='min(ih,iw/(9/16))':x='max(0,min(iw-ow,iw*(0.800)-ow/2))',scale=720:1280");
    expect(args).toEqual(expect.arrayContaining(['-c:v', 'mpeg4', '-c:a', 'libmp3lame']));
  });

  it('crops 1:1 and 4:5 along the same path as 9:16, to 1080x1080 and 1080x1350 at 1080p', () => {
    const moments = [{ start: 0, end: 5, crop: [{ from: 0, to: 5, x0: 0.3, x1: 0.3 }] }];
    const square = graph(renderArgs({ ...base, quality: '1080p', aspect: '1:1', moments }));
    expect(square).toContain("crop=w='min(iw,ih*1)':h='min(ih,iw/(1))':x='max(0,min(iw-ow,iw*(0.300)-ow/2))',scale=1080:1080,");
    const portrait = graph(renderArgs({ ...base, quality: '1080p', aspect: '4:5', moments }));
    expect(portrait).toContain("crop=w='min(iw,ih*4/5)':h='min(ih,iw/(4/5))':x='max(0,min(iw-ow,iw*(0.300)-ow/2))',scale=1080:1350,");
    // 16:9 is letterboxed, never cropped.
    expect(graph(renderArgs({ ...base, moments }))).not.toContain('crop=');
  });

  it('sizes every aspect by its short side, and never upscales a square or portrait reel either', () => {
    expect(reelSize('1080p', '1:1')).toEqual({ width: 1080, height: 1080 });
    expect(reelSize('720p', '1:1')).toEqual({ width: 720, height: 720 });
    expect(reelSize('480p', '1:1')).toEqual({ width: 480, height: 480 });
    expect(reelSize('1080p', '4:5')).toEqual({ width: 1080, height: 1350 });
    expect(reelSize('720p', '4:5')).toEqual({ width: 720, height: 900 });
    expect(reelSize('480p', '4:5')).toEqual({ width: 480, height: 600 });
    expect(reelSize('1080p', '9:16')).toEqual({ width: 1080, height: 1920 });
    expect(qualityFor('1080p', '1:1', { width: 1280, height: 720 })).toBe('720p');
    expect(qualityFor('1080p', '4:5', { width: 1920, height: 1080 })).toBe('1080p');
    expect(qualityFor('1080p', '4:5', { width: 640, height: 360 })).toBe('480p');
  });

  it('moves a 9:16 crop along its path: still, then a pan, then a jump at a cut', () => {
    const path = [
      { from: 0, to: 1, x0: 0.2, x1: 0.2 },
      { from: 1, to: 3, x0: 0.2, x1: 0.4 },
      { from: 3, to: 5, x0: 0.9, x1: 0.9 },
    ];
    expect(cropExpression(path)).toBe('if(lt(t,1.000),0.200,if(lt(t,3.000),(0.200+0.2000*(t-1.000)/2.000),0.900))');
    expect(cropExpression([])).toBe('0.500');
  });
});

describe('the reel poster and what a reel is', () => {
  it('takes one JPEG frame of the reel at the given time, in its own shape and never enlarged', () => {
    const args = posterArgs('reel.mp4', 'poster.jpg', 3.25);
    expect(args.slice(args.indexOf('-ss'), args.indexOf('-ss') + 4)).toEqual(['-ss', '3.250', '-i', 'reel.mp4']);
    // Both sides bounded and the aspect kept: a 1080x1920 reel gives 720x1280, an 854x480 one stays so.
    expect(args).toEqual(
      expect.arrayContaining([
        '-frames:v',
        '1',
        '-vf',
        "scale='trunc(iw*sar/2)*2':ih,setsar=1,scale='min(1280,iw)':'min(1280,ih)':force_original_aspect_ratio=decrease:force_divisible_by=2",
      ]),
    );
    expect(args.at(-1)).toBe('poster.jpg');
    expect(posterArgs('reel.mp4', 'poster.jpg', -1)).toContain('0.000');
  });

  it("is taken in the middle of the best-scored moment on the reel's clock, never at its first frame", () => {
    const crossfade = 0.4;
    // One moment (an export): its middle.
    expect(posterTime([{ start: 5, end: 12, score: 0 }], crossfade)).toBe(3.5);
    // The second of three is best: it starts in the reel after the first minus one crossfade.
    const moments = [
      { start: 10, end: 14, score: 0.5 },
      { start: 20, end: 26, score: 0.9 },
      { start: 40, end: 44, score: 0.9 },
    ];
    expect(posterTime(moments, crossfade)).toBe(4 - 0.4 + 3);
    // Without scores (edited moments): the first moment's middle, not 0.
    expect(
      posterTime(
        [
          { start: 0, end: 2 },
          { start: 5, end: 9 },
        ],
        crossfade,
      ),
    ).toBe(1);
    // Inside the reel when its length is known, and 0 for no moments.
    expect(posterTime([{ start: 0, end: 60, score: 1 }], crossfade, 20)).toBe(19.9);
    expect(posterTime([], crossfade)).toBe(0);
  });

  it('names the quality of a picture by its short side', () => {
    expect(qualityOfSize({ width: 1280, height: 720 })).toBe('720p');
    expect(qualityOfSize({ width: 854, height: 480 })).toBe('480p');
    expect(qualityOfSize({ width: 1080, height: 1920 })).toBe('1080p');
    expect(qualityOfSize({ width: 0, height: 0 })).toBe('');
  });
});

describe('filmstripArgs', () => {
  const layout = { frames: 40, columns: 10, rows: 4, width: 160, height: 90 };

  it('spreads the frames over the video and tiles them into one JPEG', () => {
    const args = filmstripArgs('in.mp4', 'strip.jpg', 80, layout);
    const filter = args[args.indexOf('-vf') + 1];
    expect(filter).toContain('fps=0.500000:round=down');
    expect(filter).toContain('scale=160:90:force_original_aspect_ratio=decrease,pad=160:90');
    expect(filter).toMatch(/tile=10x4$/);
    expect(args.slice(-3)).toEqual(['-q:v', '5', 'strip.jpg']);
    expect(args).not.toContain('-skip_frame');
  });

  it('decodes only keyframes of a long video', () => {
    const args = filmstripArgs('in.mp4', 'strip.jpg', 3600, layout);
    expect(args.slice(args.indexOf('-skip_frame'), args.indexOf('-skip_frame') + 2)).toEqual(['-skip_frame', 'nokey']);
    expect(args.indexOf('-skip_frame')).toBeLessThan(args.indexOf('-i'));
  });
});
