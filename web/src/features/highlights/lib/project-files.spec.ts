import { attachmentFilename, PROJECT_FILE_CHOICES } from './project-files';

describe('project file choices', () => {
  it('offers the four formats of the API, each once', () => {
    expect(PROJECT_FILE_CHOICES.map((c) => c.format)).toEqual(['edl', 'fcpxml', 'mlt', 'json']);
  });

  it("takes the server's file name, never a path, else the fallback", () => {
    expect(attachmentFilename('attachment; filename="Derby-reel-2.edl"', 'reel.edl')).toBe('Derby-reel-2.edl');
    expect(attachmentFilename('attachment; filename="../../x.mlt"', 'reel.mlt')).toBe('x.mlt');
    expect(attachmentFilename('attachment; filename=".."', 'reel.mlt')).toBe('reel.mlt');
    expect(attachmentFilename(null, 'reel.json')).toBe('reel.json');
  });
});
