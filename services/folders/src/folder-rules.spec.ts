import { checkFolder, DEFAULT_FOLDER_COLOR, FOLDER_PALETTE, isNoOpUpdate, paletteColor } from './folder-rules';

describe('folder rules', () => {
  it('has the ten palette colours with #ff6600 first and as the default', () => {
    expect(FOLDER_PALETTE).toEqual(['#ff6600', '#3b82f6', '#ef4444', '#10b981', '#f59e0b', '#8b5cf6', '#ec4899', '#06b6d4', '#84cc16', '#f97316']);
    expect(DEFAULT_FOLDER_COLOR).toBe('#ff6600');
  });

  it('trims the name and description and omits an empty description', () => {
    expect(checkFolder({ name: '  Weddings  ', description: '  June shoots ', color: '#3b82f6' })).toEqual({
      ok: true,
      fields: { name: 'Weddings', description: 'June shoots', color: '#3b82f6' },
    });
    expect(checkFolder({ name: 'Sport', description: '   ', color: '' })).toEqual({
      ok: true,
      fields: { name: 'Sport', description: null, color: '#ff6600' },
    });
  });

  it('refuses a blank name with the spec wording', () => {
    for (const name of ['', '   ', '\t\n']) {
      expect(checkFolder({ name, description: '', color: '' })).toEqual({ ok: false, violations: [{ field: 'name', message: 'Please enter a folder name.' }] });
    }
  });

  it('accepts only palette colours, in any letter case, and spells them in lower case', () => {
    expect(paletteColor('#EC4899')).toBe('#ec4899');
    for (const color of ['#123456', 'red', '#ff660', '#ff66001', 'ff6600', 'rgb(255,102,0)']) {
      expect(paletteColor(color)).toBeNull();
      const result = checkFolder({ name: 'x', description: '', color });
      expect(result.ok).toBe(false);
      expect(!result.ok && result.violations[0]).toMatchObject({ field: 'color', message: expect.stringContaining('#ff6600, #3b82f6') });
    }
  });

  it('keeps the folder colour on update when none is given', () => {
    expect(checkFolder({ name: 'x', description: '', color: '' }, '#84cc16')).toMatchObject({ ok: true, fields: { color: '#84cc16' } });
  });

  it('limits the lengths of name and description', () => {
    expect(checkFolder({ name: 'n'.repeat(100), description: 'd'.repeat(500), color: '' }).ok).toBe(true);
    expect(checkFolder({ name: 'n'.repeat(101), description: '', color: '' })).toMatchObject({ ok: false, violations: [{ field: 'name' }] });
    expect(checkFolder({ name: 'n', description: 'd'.repeat(501), color: '' })).toMatchObject({ ok: false, violations: [{ field: 'description' }] });
  });

  it('treats an update with a blank name as doing nothing', () => {
    expect(isNoOpUpdate({ name: '  ' })).toBe(true);
    expect(isNoOpUpdate({ name: ' a ' })).toBe(false);
  });
});
