import { tenMinuteMatch } from '/work/wt/engine/bench/engine';
export async function main() { const m = tenMinuteMatch(); console.log(m.file, m.cuts.length); }
