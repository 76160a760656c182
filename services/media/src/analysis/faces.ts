import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One face in a picture: its box as shares of the picture's width and height, and the detector's confidence. */
export interface Face { x: number; y: number; width: number; height: number; score: number }

/** The faces of one analysed second: how many, and the horizontal centre of the largest (0..1). */
export interface FaceStep { count: number; center: number }

/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-require-imports */

/**
 * Face detection offline: @vladmandic/human's BlazeFace with the models it ships, on the
 * WebAssembly backend of TensorFlow.js (nothing is fetched: the models are read from the package
 * folder on disk). Loaded once per process, on first use.
 */
export class FaceDetector {
  private human: Promise<any> | null = null;

  private load(): Promise<any> {
    this.human ??= (async () => {
      // The packages' main files sit in their dist folders (their package.json is not exported).
      const root = dirname(dirname(require.resolve('@vladmandic/human')));
      const wasmDir = `${dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))}/`;
      // Node's fetch has no file://: the model files are read from disk.
      const fetchFile = globalThis.fetch;
      if (!(fetchFile as any).readsFiles) {
        const reading = async (url: any, init?: any) => (String(url).startsWith('file://') ? new Response(await readFile(fileURLToPath(String(url)))) : fetchFile(url, init));
        (reading as any).readsFiles = true;
        globalThis.fetch = reading as typeof fetch;
      }
      const wasm = require('@tensorflow/tfjs-backend-wasm');
      wasm.setWasmPaths(wasmDir);
      const { Human } = require(join(root, 'dist', 'human.node-wasm.js'));
      const human = new Human({
        backend: 'wasm', wasmPath: wasmDir, modelBasePath: `file://${join(root, 'models')}/`, debug: false, cacheSensitivity: 0,
        face: {
          enabled: true, detector: { rotation: false, maxDetected: 10, minConfidence: 0.4 },
          mesh: { enabled: false }, iris: { enabled: false }, description: { enabled: false }, emotion: { enabled: false }, antispoof: { enabled: false }, liveness: { enabled: false },
        },
        body: { enabled: false }, hand: { enabled: false }, object: { enabled: false }, gesture: { enabled: false }, segmentation: { enabled: false },
      });
      await human.load();
      return human;
    })();
    return this.human;
  }

  /** The faces in one RGB picture. */
  async detect(rgb: Uint8Array, width: number, height: number): Promise<Face[]> {
    const human = await this.load();
    const tensor = human.tf.tensor3d(rgb, [height, width, 3], 'int32');
    try {
      const result = await human.detect(tensor);
      return (result.face as Array<{ box: number[]; score: number }>)
        .map((f) => ({ x: f.box[0] / width, y: f.box[1] / height, width: f.box[2] / width, height: f.box[3] / height, score: f.score }))
        // A face shows skin: patterns and flat colours that fool the detector do not.
        .filter((f) => skinShare(rgb, width, height, f) >= MIN_SKIN);
    } finally {
      tensor.dispose();
    }
  }
}

const MIN_SKIN = 0.2;

/** Share of the pixels in a box whose chroma is a skin tone (Cb 77-127, Cr 133-173, any brightness but the darkest). */
export function skinShare(rgb: Uint8Array, width: number, height: number, box: { x: number; y: number; width: number; height: number }): number {
  const x0 = Math.max(0, Math.floor(box.x * width));
  const y0 = Math.max(0, Math.floor(box.y * height));
  const x1 = Math.min(width, Math.ceil((box.x + box.width) * width));
  const y1 = Math.min(height, Math.ceil((box.y + box.height) * height));
  let skin = 0;
  let total = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = 3 * (y * width + x);
      const [r, g, b] = [rgb[i], rgb[i + 1], rgb[i + 2]];
      const luma = 0.299 * r + 0.587 * g + 0.114 * b;
      const cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
      const cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
      if (luma > 30 && cb >= 77 && cb <= 127 && cr >= 133 && cr <= 173) skin++;
      total++;
    }
  }
  return total ? skin / total : 0;
}

/** The count and the largest face's centre, for one second. */
export function faceStep(faces: Face[]): FaceStep {
  if (faces.length === 0) return { count: 0, center: 0.5 };
  const largest = faces.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
  return { count: faces.length, center: Math.min(1, Math.max(0, largest.x + largest.width / 2)) };
}
