import { checkFolderForm, countByFolder, DEFAULT_FOLDER_COLOR, FOLDER_PALETTE, initialFolderForm, videoCountLabel } from './folder-form';

describe('folder form rules', () => {
  it('offers the ten palette colours, #ff6600 first and by default', () => {
    expect(FOLDER_PALETTE.map((c) => c.value)).toEqual([
      '#ff6600',
      '#3b82f6',
      '#ef4444',
      '#10b981',
      '#f59e0b',
      '#8b5cf6',
      '#ec4899',
      '#06b6d4',
      '#84cc16',
      '#f97316',
    ]);
    expect(DEFAULT_FOLDER_COLOR).toBe('#ff6600');
    expect(initialFolderForm()).toEqual({ name: '', description: '', color: '#ff6600' });
  });

  it('refuses a blank name with the spec toast', () => {
    for (const name of ['', '   ']) {
      expect(checkFolderForm({ name, description: 'x', color: '#3b82f6' })).toEqual({
        ok: false,
        title: 'Invalid folder name',
        description: 'Please enter a folder name.',
      });
    }
  });

  it('trims name and description and leaves an empty description out', () => {
    expect(checkFolderForm({ name: ' Trips ', description: '  ', color: '#84cc16' })).toEqual({ ok: true, input: { name: 'Trips', color: '#84cc16' } });
    expect(checkFolderForm({ name: 'Trips', description: ' Alps ', color: '' })).toEqual({
      ok: true,
      input: { name: 'Trips', description: 'Alps', color: '#ff6600' },
    });
  });

  it('starts the edit dialog from the folder', () => {
    expect(initialFolderForm({ id: '1', name: 'A', color: '#ec4899', createdAt: '', updatedAt: '' })).toEqual({ name: 'A', description: '', color: '#ec4899' });
  });

  it('counts videos per folder and says it in words', () => {
    const counts = countByFolder([{ folderId: 'a' }, { folderId: 'a' }, { folderId: null }, { folderId: 'b' }, {}]);
    expect([...counts]).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
    expect(videoCountLabel(1)).toBe('1 video');
    expect(videoCountLabel(0)).toBe('0 videos');
  });
});
