import { FAQ, PLANS, priceLabel, yearlyPrice } from './marketing';

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
});
