import { MAX_UPLOAD_BYTES } from '../../../config/constants';
import { canUpload, fileProblem, TITLE_MAX_LENGTH, titleFromFilename, uploadPercent, uploadTransferMessage } from './upload-rules';

describe('canUpload', () => {
  const file = { size: 1000 };

  it('needs a file and a title that is not blank after trimming', () => {
    expect(canUpload('Cup final', file)).toBe(true);
    expect(canUpload('  Cup final  ', file)).toBe(true);
    expect(canUpload('', file)).toBe(false);
    expect(canUpload('   ', file)).toBe(false);
    expect(canUpload('Cup final', null)).toBe(false);
  });

  it('refuses files over 2GB and empty files', () => {
    expect(canUpload('x', { size: MAX_UPLOAD_BYTES })).toBe(true);
    expect(canUpload('x', { size: MAX_UPLOAD_BYTES + 1 })).toBe(false);
    expect(canUpload('x', { size: 0 })).toBe(false);
  });
});

describe('fileProblem', () => {
  it('explains a file over 2GB with its size', () => {
    expect(fileProblem({ size: MAX_UPLOAD_BYTES + 1024 * 1024 })).toBe('The video is larger than 2GB, the most one upload may be. This one is 2049.0 MB.');
  });

  it('explains an empty file', () => {
    expect(fileProblem({ size: 0 })).toBe('The file is empty.');
  });

  it('has nothing to say about a fine file or no file', () => {
    expect(fileProblem({ size: 5 })).toBeNull();
    expect(fileProblem(null)).toBeNull();
  });
});

describe('uploadPercent', () => {
  it('is the whole percent of bytes sent', () => {
    expect(uploadPercent(0, 200)).toBe(0);
    expect(uploadPercent(50, 200)).toBe(25);
    expect(uploadPercent(199, 200)).toBe(100);
    expect(uploadPercent(300, 200)).toBe(100);
    expect(uploadPercent(10, 0)).toBe(0);
  });
});

describe('uploadTransferMessage', () => {
  it('uses the spec words', () => {
    expect(uploadTransferMessage({ network: true })).toBe('Upload failed - network error');
    expect(uploadTransferMessage({ status: 403, body: 'AccessDenied' })).toBe('Upload failed with status 403: AccessDenied');
  });

  it('flattens and shortens a long body', () => {
    const message = uploadTransferMessage({ status: 500, body: `<Error>\n  <Code>${'x'.repeat(400)}</Code>\n</Error>` });
    expect(message.startsWith('Upload failed with status 500: <Error> <Code>xxx')).toBe(true);
    expect(message.endsWith('…')).toBe(true);
    expect(message.length).toBeLessThan(340);
  });
});

describe('titleFromFilename', () => {
  it('drops the extension and underscores', () => {
    expect(titleFromFilename('cup_final_2024.mp4')).toBe('cup final 2024');
    expect(titleFromFilename('Wedding.Day.mov')).toBe('Wedding.Day');
    expect(titleFromFilename('noext')).toBe('noext');
  });

  it('keeps to the longest title the server takes', () => {
    expect(titleFromFilename(`${'a'.repeat(300)}.mp4`)).toHaveLength(TITLE_MAX_LENGTH);
  });
});
