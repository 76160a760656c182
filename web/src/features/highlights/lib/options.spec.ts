import {
  DEFAULT_EXPORT_FORMAT,
  DEFAULT_EXPORT_QUALITY,
  DEFAULT_GENERATE_OPTIONS,
  fileQuality,
  chosenLengths,
  generateBody,
  lengthsFor,
  PLATFORM_CHOICES,
  qualityLabel,
  qualityNote,
  renderSummary,
  TARGET_LENGTHS,
  toggleLength,
  withPlatform,
} from './options';

describe('generate options', () => {
  it('defaults to auto, 30 s, 16:9, 1080p MP4', () => {
    expect(DEFAULT_GENERATE_OPTIONS).toEqual({ preset: 'auto', targetLength: 30, aspect: '16:9', quality: '1080p', format: 'mp4' });
    expect(generateBody()).toEqual(DEFAULT_GENERATE_OPTIONS);
    expect(TARGET_LENGTHS).toEqual([15, 30, 60, 90]);
  });

  it('keeps valid choices, replaces unknown ones by the defaults', () => {
    expect(generateBody({ preset: 'sport', targetLength: 15, quality: '480p', format: 'mov', aspect: '9:16' })).toEqual({
      preset: 'sport',
      targetLength: 15,
      aspect: '9:16',
      quality: '480p',
      format: 'mov',
    });
    expect(generateBody({ preset: 'cooking' as never, targetLength: 45 as never, format: 'mkv' as never })).toEqual(DEFAULT_GENERATE_OPTIONS);
  });

  it('asks to fill to length only when chosen (the target is an upper bound otherwise)', () => {
    expect(generateBody({ fillToLength: true }).fillToLength).toBe(true);
    expect('fillToLength' in generateBody({ fillToLength: false })).toBe(false);
    expect('fillToLength' in generateBody()).toBe(false);
  });

  it('sends the music track only when one is chosen', () => {
    expect(generateBody({ musicTrackId: 'track-1' }).musicTrackId).toBe('track-1');
    expect('musicTrackId' in generateBody({ musicTrackId: null })).toBe(false);
    expect('musicTrackId' in generateBody({ musicTrackId: '  ' })).toBe(false);
  });

  it('sends a known caption style only when one is chosen (the server picks clean for a video with sound)', () => {
    expect(generateBody({ captions: 'karaoke' }).captions).toBe('karaoke');
    expect('captions' in generateBody()).toBe(false);
    expect('captions' in generateBody({ captions: 'neon' as never })).toBe(false);
  });

  it('sends a platform with its own aspect, and several lengths as lengths (the first as targetLength)', () => {
    expect(generateBody({ platform: 'shorts', aspect: '16:9', lengths: [15, 30, 60] })).toMatchObject({
      platform: 'shorts',
      aspect: '9:16',
      targetLength: 15,
      lengths: [15, 30, 60],
    });
    expect(generateBody({ platform: 'square' })).toMatchObject({ platform: 'square', aspect: '1:1', targetLength: 30 });
    expect('lengths' in generateBody({ lengths: [60] })).toBe(false);
    expect(generateBody({ lengths: [60] }).targetLength).toBe(60);
    // A length the platform does not take is never sent (the server would answer 400).
    expect(generateBody({ platform: 'tiktok', lengths: [30, 90] })).toMatchObject({ targetLength: 30 });
    expect('platform' in generateBody({ platform: 'myspace' as never })).toBe(false);
  });

  it('offers every platform with its shape and limit, and only the lengths it takes', () => {
    expect(PLATFORM_CHOICES.map((p) => p.label)).toEqual(['TikTok', 'Reels', 'Shorts', 'YouTube', 'Feed square', 'Feed portrait']);
    expect(PLATFORM_CHOICES.find((p) => p.value === 'portrait')?.hint).toBe('4:5, up to 60 s');
    expect(lengthsFor('shorts')).toEqual([15, 30, 60]);
    expect(lengthsFor('youtube')).toEqual([15, 30, 60, 90]);
    expect(lengthsFor(null)).toEqual([15, 30, 60, 90]);
  });

  it('toggles length chips, keeps at least one, and drops the ones a new platform does not take', () => {
    const base = { ...DEFAULT_GENERATE_OPTIONS };
    const two = toggleLength(base, 15);
    expect(chosenLengths(two)).toEqual([15, 30]);
    const three = toggleLength(two, 60);
    expect(chosenLengths(three)).toEqual([15, 30, 60]);
    expect(chosenLengths(toggleLength(toggleLength(three, 15), 30))).toEqual([60]);
    expect(chosenLengths(toggleLength({ ...base, lengths: [30] }, 30))).toEqual([30]);
    const everything = toggleLength(three, 90);
    expect(chosenLengths(everything)).toEqual([15, 30, 60, 90]);
    const forTikTok = withPlatform(everything, 'tiktok');
    expect(forTikTok).toMatchObject({ platform: 'tiktok', aspect: '9:16', lengths: [15, 30, 60], targetLength: 15 });
    expect(withPlatform({ ...base, lengths: [90] }, 'reels')).toMatchObject({ lengths: [30], targetLength: 30 });
    expect(withPlatform(forTikTok, null)).toMatchObject({ platform: null, aspect: '9:16' });
  });

  it('sends the include words trimmed, within the API limits, and nothing for none', () => {
    expect(generateBody({ includeWords: [' toast ', 'I do', '', 'x'.repeat(101)] }).includeWords).toEqual(['toast', 'I do']);
    expect(generateBody({ includeWords: Array.from({ length: 25 }, (_, i) => `w${i}`) }).includeWords).toHaveLength(20);
    expect('includeWords' in generateBody({ includeWords: [] })).toBe(false);
  });
});

describe('export options', () => {
  it('defaults to 1080p (recommended) and MP4', () => {
    expect(DEFAULT_EXPORT_QUALITY).toBe('1080p');
    expect(DEFAULT_EXPORT_FORMAT).toBe('mp4');
    expect(renderSummary({ quality: '480p', format: 'mov', aspect: '16:9' })).toBe('480p MOV · 16:9');
  });
});

describe('the quality a reel or export is labelled with', () => {
  it('says what the file is when the video could not fill the chosen quality', () => {
    const lowered = { quality: '1080p', renderedQuality: '720p', format: 'mp4', aspect: '16:9' };
    expect(qualityLabel(lowered)).toBe("720p — your video's own resolution");
    expect(fileQuality(lowered)).toBe('720p');
    expect(renderSummary(lowered)).toBe("720p — your video's own resolution · MP4 · 16:9");
    expect(qualityNote(lowered)).toBe('1080p was chosen; a reel is never made larger than the video it comes from.');
  });

  it('keeps the chosen quality when the file has it, and for older reels that do not say', () => {
    for (const h of [{ quality: '1080p', renderedQuality: '1080p' }, { quality: '1080p', renderedQuality: null }, { quality: '1080p' }]) {
      expect(qualityLabel(h)).toBe('1080p');
      expect(fileQuality(h)).toBe('1080p');
      expect(qualityNote(h)).toBeNull();
      expect(renderSummary({ ...h, format: 'mov', aspect: '9:16' })).toBe('1080p MOV · 9:16');
    }
  });
});
