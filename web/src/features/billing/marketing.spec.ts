import { FAQ, MAX_VIDEO_MINUTES, PLANS, priceLabel, TESTIMONIALS, yearlyPrice } from './marketing';

describe('plans', () => {
  it('prices a year at round(monthly x 12 x 0.8)', () => {
    expect(yearlyPrice(4.99)).toBe(48);
    expect(yearlyPrice(9.99)).toBe(96);
    expect(priceLabel(PLANS[0], 'month')).toBe('$4.99/month');
    expect(priceLabel(PLANS[1], 'year')).toBe('$96/year');
  });

  it('has the two plans with their labels and five FAQ entries', () => {
    expect(PLANS.map((p) => [p.id, p.highlight])).toEqual([
      ['rookie', 'Most Popular'],
      ['pro', 'Best Value'],
    ]);
    expect(FAQ).toHaveLength(5);
  });

  it('lists on Pro what Rookie has (1080p, no watermark) and the video length of each plan', () => {
    const [rookie, pro] = PLANS;
    expect(rookie.features).toEqual(expect.arrayContaining(['Videos up to 30 minutes', '1080p export', 'No watermark']));
    expect(pro.features).toEqual(expect.arrayContaining(['Videos up to 60 minutes', '1080p export', 'No watermark']));
  });

  it('promises no video longer than a plan takes', () => {
    const copy = [...TESTIMONIALS.map((t) => t.content), ...FAQ.map((f) => f.a)].join(' ');
    const longest = Math.max(...Object.values(MAX_VIDEO_MINUTES));
    for (const [, minutes] of copy.matchAll(/(\d+)-minute/g)) expect(Number(minutes)).toBeLessThanOrEqual(longest);
    expect(copy).not.toMatch(/ninety|full match/i);
  });
});
