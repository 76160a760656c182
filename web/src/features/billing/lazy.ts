/** Parts of the billing feature other features fetch when needed (each in a chunk of its own). */
export const loadMarketingSections = async () => (await import('./components/Marketing')).MarketingSections;
