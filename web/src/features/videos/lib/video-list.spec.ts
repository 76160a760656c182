import type { Video } from '../types';
import { countByStatus, filterVideos, isEditable, isInPipeline, statusLabel } from './video-list';

const video = (id: string, title: string, status: string) => ({ id, title, status }) as Video;
const videos = [
  video('1', 'Cup Final', 'processed'),
  video('2', 'Wedding speech', 'processing'),
  video('3', 'cup semi-final', 'uploaded'),
  video('4', 'Broken', 'error'),
  video('5', 'Conference keynote', 'processed'),
  video('6', 'Mystery', 'archived'),
];

describe('countByStatus', () => {
  it('counts every filter', () => {
    expect(countByStatus(videos)).toEqual({ all: 6, processed: 2, processing: 1, uploaded: 1, error: 1 });
    expect(countByStatus([])).toEqual({ all: 0, processed: 0, processing: 0, uploaded: 0, error: 0 });
  });
});

describe('filterVideos', () => {
  it('searches titles case-insensitively', () => {
    expect(filterVideos(videos, 'CUP', 'all').map((v) => v.id)).toEqual(['1', '3']);
    expect(filterVideos(videos, '  keynote ', 'all').map((v) => v.id)).toEqual(['5']);
  });

  it('filters by status and combines with the search', () => {
    expect(filterVideos(videos, '', 'processed').map((v) => v.id)).toEqual(['1', '5']);
    expect(filterVideos(videos, 'cup', 'processed').map((v) => v.id)).toEqual(['1']);
    expect(filterVideos(videos, 'nothing like it', 'all')).toEqual([]);
    expect(filterVideos(videos, '', 'all')).toHaveLength(6);
  });
});

describe('statusLabel', () => {
  it("reads 'Ready for highlights' for processed and the raw value for unknown statuses", () => {
    expect(statusLabel('processed')).toBe('Ready for highlights');
    expect(statusLabel('processing')).toBe('Processing');
    expect(statusLabel('uploaded')).toBe('Uploaded');
    expect(statusLabel('error')).toBe('Error');
    expect(statusLabel('archived')).toBe('archived');
  });

  it('says how many reels are ready once a processed video has some', () => {
    expect(statusLabel('processed', 0)).toBe('Ready for highlights');
    expect(statusLabel('processed', 1)).toBe('1 reel ready');
    expect(statusLabel('processed', 2)).toBe('2 reels ready');
    // Only a processed video has reels to speak of.
    expect(statusLabel('processing', 2)).toBe('Processing');
  });
});

describe('status predicates', () => {
  it('only processed videos are editable', () => {
    expect(videos.filter(isEditable).map((v) => v.id)).toEqual(['1', '5']);
  });

  it('uploaded and processing videos are in the pipeline', () => {
    expect(videos.filter(isInPipeline).map((v) => v.id)).toEqual(['2', '3']);
  });
});
