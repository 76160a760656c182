import { contentTypeOf, NotAVideoError, parseProbe, playsInBrowsers } from './probe';

const probe = (streams: object[], format: object = { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '12.5' }) => JSON.stringify({ streams, format });

describe('parseProbe', () => {
  it('reads duration, codecs and size', () => {
    const facts = parseProbe(
      probe([
        { codec_type: 'video', codec_name: 'h264', width: 1920, height: 1080, r_frame_rate: '30000/1001', avg_frame_rate: '30000/1001' },
        { codec_type: 'audio', codec_name: 'aac', r_frame_rate: '0/0' },
      ]),
    );
    expect(facts).toEqual({
      duration: 12.5,
      videoDuration: 12.5,
      formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
      videoCodec: 'h264',
      audioCodec: 'aac',
      width: 1920,
      height: 1080,
      sampleAspect: 1,
      rotation: 0,
      hasAudio: true,
      frameRate: { num: 30000, den: 1001 },
    });
    expect(playsInBrowsers(facts)).toBe(true);
  });

  it('reads the frame rate: a variable-rate phone clip by its average, snapped to the standard rate it is', () => {
    const rateOf = (stream: object) => parseProbe(probe([{ codec_type: 'video', codec_name: 'h264', width: 640, height: 360, ...stream }])).frameRate;
    expect(rateOf({ r_frame_rate: '25/1', avg_frame_rate: '25/1' })).toEqual({ num: 25, den: 1 });
    // A phone's timebase as its "real" rate, and an average a hair off 29.97.
    expect(rateOf({ r_frame_rate: '90000/1', avg_frame_rate: '16313/544' })).toEqual({ num: 30000, den: 1001 });
    expect(rateOf({ r_frame_rate: '24000/1001', avg_frame_rate: '0/0' })).toEqual({ num: 24000, den: 1001 });
    // An unusual rate stays as it is; none at all is null.
    expect(rateOf({ r_frame_rate: '15/1', avg_frame_rate: '15/1' })).toEqual({ num: 15, den: 1 });
    expect(rateOf({ r_frame_rate: '0/0', avg_frame_rate: '0/0' })).toBeNull();
  });

  it('knows where the picture ends when the sound goes on after it', () => {
    const streams = [
      { codec_type: 'video', codec_name: 'h264', width: 640, height: 360, start_time: '1.5', duration: '8.0' },
      { codec_type: 'audio', codec_name: 'aac', start_time: '1.5', duration: '11.0' },
    ];
    expect(parseProbe(probe(streams, { duration: '11.0', start_time: '1.5' })).videoDuration).toBe(8);
    expect(parseProbe(probe([{ ...streams[0], start_time: '2.0' }], { duration: '11.0', start_time: '1.5' })).videoDuration).toBe(8.5);
    // Matroska gives no stream duration: the file's.
    expect(parseProbe(probe([{ codec_type: 'video', codec_name: 'vp9', width: 640, height: 360 }], { duration: '3' })).videoDuration).toBe(3);
  });

  it('swaps width and height for a phone clip rotated by 90 degrees', () => {
    const facts = parseProbe(probe([{ codec_type: 'video', codec_name: 'h264', width: 1280, height: 720, side_data_list: [{ rotation: -90 }] }]));
    expect({ width: facts.width, height: facts.height, rotation: facts.rotation }).toEqual({ width: 720, height: 1280, rotation: 270 });
  });

  it('gives the shown size of an anamorphic picture (704x576 stored, pixels 16:11 wide)', () => {
    const facts = parseProbe(probe([{ codec_type: 'video', codec_name: 'mpeg2video', width: 704, height: 576, sample_aspect_ratio: '16:11' }]));
    expect({ width: facts.width, height: facts.height, sampleAspect: facts.sampleAspect }).toEqual({ width: 1024, height: 576, sampleAspect: 16 / 11 });
  });

  it('refuses files without a real video track', () => {
    expect(() => parseProbe('not json')).toThrow(NotAVideoError);
    expect(() => parseProbe(probe([{ codec_type: 'audio', codec_name: 'mp3' }]))).toThrow('The file has no video track.');
    expect(() => parseProbe(probe([{ codec_type: 'video', codec_name: 'mjpeg', width: 300, height: 300, disposition: { attached_pic: 1 } }]))).toThrow(
      NotAVideoError,
    );
    expect(() => parseProbe(probe([{ codec_type: 'video', codec_name: 'h264', width: 10, height: 10 }], { duration: '0' }))).toThrow(
      'The video has no playable length.',
    );
  });

  it('knows what browsers cannot play', () => {
    const vp9 = parseProbe(probe([{ codec_type: 'video', codec_name: 'vp9', width: 640, height: 360 }], { format_name: 'matroska,webm', duration: '3' }));
    expect(playsInBrowsers(vp9)).toBe(false);
    const mp4WithMp3 = parseProbe(
      probe([
        { codec_type: 'video', codec_name: 'h264', width: 640, height: 360 },
        { codec_type: 'audio', codec_name: 'mp3' },
      ]),
    );
    expect(playsInBrowsers(mp4WithMp3)).toBe(false);
  });
});

describe('contentTypeOf: the media type served for an original, from the probe alone', () => {
  const facts = (formatName: string, videoCodec: string) => ({
    ...parseProbe(probe([{ codec_type: 'video', codec_name: videoCodec, width: 2, height: 2 }])),
    formatName,
  });
  it.each([
    ['mov,mp4,m4a,3gp,3g2,mj2', 'h264', 'video/mp4'],
    ['mov,mp4,m4a,3gp,3g2,mj2', 'mpeg4', 'video/quicktime'],
    ['matroska,webm', 'vp9', 'video/webm'],
    ['matroska,webm', 'h264', 'video/x-matroska'],
    ['avi', 'mpeg4', 'video/x-msvideo'],
    ['flv', 'flv1', 'application/octet-stream'],
  ])('%s with %s is %s', (formatName, codec, type) => {
    expect(contentTypeOf(facts(formatName, codec))).toBe(type);
  });
});
