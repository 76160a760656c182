import { PeakMeter } from './waveform';

const samples = (...values: number[]) => {
  const buffer = Buffer.alloc(values.length * 2);
  values.forEach((v, i) => buffer.writeInt16LE(v, i * 2));
  return buffer;
};

describe('PeakMeter', () => {
  it('keeps the loudest sample of each even part, as 0..1, whatever its sign', () => {
    const meter = new PeakMeter(8, 4);
    meter.push(samples(100, -16384, 0, 3000, 32767, -5, -32768, 1));
    expect(meter.finish()).toEqual([0.5, 0.092, 1, 1]);
  });

  it('reads samples split across chunks, and counts a short last part', () => {
    const meter = new PeakMeter(5, 3);
    const bytes = samples(8192, -8192, 16384, 4096, 2048);
    meter.push(bytes.subarray(0, 3));
    meter.push(bytes.subarray(3, 7));
    meter.push(bytes.subarray(7));
    expect(meter.finish()).toEqual([0.25, 0.5, 0.063]);
  });

  it('never gives more peaks than asked: sound past the expected length joins the last one', () => {
    const meter = new PeakMeter(4, 2);
    meter.push(samples(100, 100, 200, 200, 32767, 5));
    expect(meter.finish()).toEqual([0.003, 1]);
  });

  it('has no peaks for no sound', () => {
    expect(new PeakMeter(0).finish()).toEqual([]);
  });
});
