import { parseDuration } from '../../lib/format';
import { DEMO_HIGHLIGHTS } from './demo-reels';

describe('demo reels', () => {
  it('are the four sample reels with the spec durations', () => {
    expect(DEMO_HIGHLIGHTS.map((d) => [d.kind, d.duration])).toEqual([
      ['sport', '2:30'],
      ['wedding', '3:45'],
      ['business', '1:15'],
      ['travel', '4:20'],
    ]);
  });

  it('each has a description, tags, a music track and highlight moments inside the reel, in order', () => {
    for (const demo of DEMO_HIGHLIGHTS) {
      expect(demo.description.length).toBeGreaterThan(10);
      expect(demo.tags.length).toBeGreaterThan(0);
      expect(demo.musicTrack).toBeTruthy();
      const times = demo.highlights.map((h) => parseDuration(h.time));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      for (const t of times) expect(t).toBeLessThan(parseDuration(demo.duration));
    }
  });
});
