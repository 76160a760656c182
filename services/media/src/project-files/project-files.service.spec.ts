import { fileStem } from './project-files.service';

describe('fileStem (a project file name from the video title)', () => {
  it('keeps letters, digits, - and _, drops accents and joins the rest with single dashes', () => {
    expect(fileStem('Derby day: final "whistle" & <extra>')).toBe('Derby-day-final-whistle-extra');
    expect(fileStem('Hochzeit Müller – Café 2026')).toBe('Hochzeit-Muller-Cafe-2026');
    expect(fileStem('../../etc/passwd')).toBe('etc-passwd');
    expect(fileStem('a\r\nContent-Type: text/html')).toBe('a-Content-Type-text-html');
  });

  it('falls back to "reel" when nothing is left, and stays at most 60 characters', () => {
    expect(fileStem('決勝戦')).toBe('reel');
    expect(fileStem('   ')).toBe('reel');
    expect(fileStem(`${'x'.repeat(59)} yz`)).toBe('x'.repeat(59));
    expect(fileStem('y'.repeat(200))).toHaveLength(60);
  });
});
