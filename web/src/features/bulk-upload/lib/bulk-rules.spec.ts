import { batchPercent, batchTone, bulkUploadProblem, canStartBulkUpload, filenameFromDisposition, isVideoFile, uploadedMessage } from './bulk-rules';

const file = (name = 'a.mp4', type = 'video/mp4') => ({ name, type }) as File;
const files = (n: number) => Array.from({ length: n }, (_, i) => file(`${i}.mp4`));

describe('bulk upload rules', () => {
  it('toasts the name first, then missing files, then too many', () => {
    expect(bulkUploadProblem('  ', files(3))).toEqual({ title: 'Batch name required', description: 'Please enter a name for this batch' });
    expect(bulkUploadProblem('Cup', [])).toEqual({ title: 'No files selected', description: 'Please select video files to upload' });
    expect(bulkUploadProblem('Cup', files(51))).toEqual({ title: 'Too many files', description: 'Maximum 50 videos per batch' });
    expect(bulkUploadProblem('Cup', files(50))).toBeNull();
  });

  it('disables start while busy, without files or with a blank name', () => {
    expect(canStartBulkUpload('Cup', files(1), false)).toBe(true);
    expect(canStartBulkUpload('Cup', files(1), true)).toBe(false);
    expect(canStartBulkUpload('Cup', [], false)).toBe(false);
    expect(canStartBulkUpload(' ', files(1), false)).toBe(false);
  });

  it('accepts video files only', () => {
    expect(isVideoFile(file('a.mov', 'video/quicktime'))).toBe(true);
    expect(isVideoFile(file('a.mkv', ''))).toBe(true);
    expect(isVideoFile(file('notes.txt', 'text/plain'))).toBe(false);
    expect(isVideoFile(file('a.mp4', 'image/png'))).toBe(false);
  });

  it('colours statuses and computes progress', () => {
    expect(['completed', 'error', 'processing', 'pending', 'weird'].map(batchTone)).toEqual(['green', 'red', 'orange', 'grey', 'grey']);
    expect(batchPercent({ processedVideos: 0, totalVideos: 0 })).toBe(0);
    expect(batchPercent({ processedVideos: 5, totalVideos: 12 })).toBe(42);
  });

  it('reads the report file name and words the success toast', () => {
    expect(filenameFromDisposition(`attachment; filename="cup-report.json"; filename*=UTF-8''cup-report.json`, 'x.json')).toBe('cup-report.json');
    expect(filenameFromDisposition('attachment; filename="a.json"', 'x.json')).toBe('a.json');
    expect(filenameFromDisposition(null, 'x.json')).toBe('x.json');
    expect(uploadedMessage(1)).toBe('1 video uploaded and processing started.');
    expect(uploadedMessage(12)).toBe('12 videos uploaded and processing started.');
  });
});
