import { barHeights, footageText, metricText, totalCards, weekLabel } from './analytics';

describe('analytics texts', () => {
  it('says footage in seconds, minutes or hours and minutes', () => {
    expect(footageText(44.6)).toBe('45 s');
    expect(footageText(14 * 60 + 10)).toBe('14 min');
    expect(footageText(2 * 3600 + 5 * 60 + 20)).toBe('2 h 05 min');
  });

  it('names the totals with their units, one and many', () => {
    const cards = totalCards({ videos: 1, footageSeconds: 600, reels: 2, reelSeconds: 45, exports: 0, shareLinks: 1, views: 1234 });
    expect(cards.map((c) => `${c.label}: ${c.value} (${c.detail})`)).toEqual([
      'Videos: 1 (10 min of footage)',
      'Reels: 2 (0:45 in all)',
      'Exports: 0 (ready to download)',
      'Views: 1,234 (on 1 open link)',
    ]);
    expect(metricText('views', 1)).toBe('1 view');
    expect(metricText('uploads', 3)).toBe('3 uploads');
  });

  it('labels a week by its Monday in UTC, whatever the time zone', () => {
    expect(weekLabel('2026-11-23')).toBe('Nov 23');
  });

  it('scales bars to the busiest week, and keeps a small week visible', () => {
    expect(barHeights([0, 1, 50, 100])).toEqual([0, 4, 50, 100]);
    expect(barHeights([0, 0])).toEqual([0, 0]);
  });
});
