import { PLATFORM_SPECS } from '@reelsmith/proto/http';
import { assTime, captionsAss, escapeAss, fontSize, lineCharsOf } from './captions';

const words = [
  { text: 'Good', start: 0.5, end: 0.8 },
  { text: 'evening', start: 0.85, end: 1.3 },
  { text: 'everyone', start: 1.35, end: 2 },
];
const vertical = { width: 1080, height: 1920 };
const wide = { width: 1920, height: 1080 };

const styleLine = (ass: string) =>
  ass
    .split('\n')
    .find((l) => l.startsWith('Style: '))!
    .slice(7)
    .split(',');
const dialogues = (ass: string) => ass.split('\n').filter((l) => l.startsWith('Dialogue: '));

describe('ASS captions', () => {
  it('plays at the reel size and keeps 9:16 captions above the bottom fifth and off the sides', () => {
    const ass = captionsAss(words, 'clean', vertical);
    expect(ass).toContain('PlayResX: 1080\nPlayResY: 1920');
    const style = styleLine(ass);
    // Alignment 2 (bottom centre), MarginL, MarginR, MarginV.
    expect(style.slice(18, 21)).toEqual(['2', '65', '65']);
    expect(Number(style[21])).toBeGreaterThanOrEqual(0.2 * 1920);
    expect(style[1]).toBe('DejaVu Sans');
  });

  it("keeps a platform's captions inside its safe zone: TikTok's buttons on the right and its bottom bar", () => {
    const tiktok = styleLine(captionsAss(words, 'bold', vertical, PLATFORM_SPECS.tiktok.safeZone));
    expect(tiktok.slice(19, 22).map(Number)).toEqual([65, 130, 422]);
    const square = { width: 1080, height: 1080 };
    const feed = styleLine(captionsAss(words, 'clean', square, PLATFORM_SPECS.square.safeZone));
    expect(feed.slice(19, 22).map(Number)).toEqual([65, 65, 108]);
    // A narrower safe width makes a smaller font, so a full line still fits inside it.
    const em = 0.64;
    const size = fontSize('bold', vertical, PLATFORM_SPECS.tiktok.safeZone);
    expect(lineCharsOf('bold') * size * em).toBeLessThanOrEqual(1080 * (1 - 0.06 - 0.12));
  });

  it('sits in a lower third for 16:9', () => {
    const style = styleLine(captionsAss(words, 'clean', wide));
    expect(Number(style[21])).toBeLessThan(0.15 * 1080);
    expect(Number(style[21])).toBeGreaterThan(0);
  });

  it('fits a full line of each style inside the safe width', () => {
    // DejaVu Sans averages about 0.56 em a character in English text, its bold about 0.64.
    const em = { clean: 0.56, bold: 0.64, karaoke: 0.64 };
    for (const style of ['clean', 'bold', 'karaoke'] as const) {
      for (const frame of [vertical, wide, { width: 480, height: 854 }]) {
        const size = fontSize(style, frame);
        expect(lineCharsOf(style) * size * em[style]).toBeLessThanOrEqual(frame.width * (frame.height > frame.width ? 0.88 : 0.8));
      }
    }
    expect(fontSize('bold', vertical)).toBeGreaterThan(fontSize('clean', vertical));
  });

  it('clean is regular white text with a soft outline, bold a heavy face with a thick outline', () => {
    const clean = styleLine(captionsAss(words, 'clean', vertical));
    const bold = styleLine(captionsAss(words, 'bold', vertical));
    expect([clean[3], clean[7]]).toEqual(['&H00FFFFFF', '0']);
    expect(bold[7]).toBe('-1');
    expect(Number(bold[16])).toBeGreaterThan(Number(clean[16]));
  });

  it('shows a phrase as one event over its words span', () => {
    expect(dialogues(captionsAss(words, 'clean', vertical))).toEqual(['Dialogue: 0,0:00:00.50,0:00:02.00,Caption,,0,0,0,,Good evening everyone']);
  });

  it('karaoke highlights the current word only, one event per word, back to back', () => {
    const events = dialogues(captionsAss(words, 'karaoke', vertical));
    expect(events).toHaveLength(3);
    expect(events[1]).toBe('Dialogue: 0,0:00:00.85,0:00:01.35,Caption,,0,0,0,,Good {\\c&H0000E5FF}evening{\\c&H00FFFFFF} everyone');
    expect(events[0]).toContain('0:00:00.50,0:00:00.85');
    expect(events[2]).toContain('0:00:01.35,0:00:02.00');
  });

  it('escapes what libass would read as overrides or line breaks', () => {
    expect(escapeAss('{\\b1}big')).toBe('\\{\\\u2060b1\\}big');
    expect(escapeAss('a\\Nb')).toBe('a\\\u2060Nb');
    expect(escapeAss('two\nlines')).toBe('two lines');
    const ass = captionsAss([{ text: '{\\pos(0,0)}x', start: 0, end: 1 }], 'clean', vertical);
    expect(dialogues(ass)[0]).not.toMatch(/[^\\]\{\\pos/);
  });

  it('writes centisecond times', () => {
    expect(assTime(3723.456)).toBe('1:02:03.46');
  });
});
