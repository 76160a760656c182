/** The ten folder colours; the first is the default. */
export const FOLDER_PALETTE = ['#ff6600', '#3b82f6', '#ef4444', '#10b981', '#f59e0b', '#8b5cf6', '#ec4899', '#06b6d4', '#84cc16', '#f97316'] as const;
export type FolderColor = (typeof FOLDER_PALETTE)[number];
export const DEFAULT_FOLDER_COLOR: FolderColor = '#ff6600';
export const FOLDER_NAME_MAX = 100;
export const FOLDER_DESCRIPTION_MAX = 500;

export interface FolderInput {
  name: string;
  description: string;
  color: string;
}
export interface FolderFields {
  name: string;
  description: string | null;
  color: FolderColor;
}
export interface Violation {
  field: 'name' | 'description' | 'color';
  message: string;
}

export type Checked = { ok: true; fields: FolderFields } | { ok: false; violations: Violation[] };

/** A palette colour in its canonical spelling (#rrggbb lower case), or null when it is not one of the ten. */
export function paletteColor(value: string): FolderColor | null {
  const lower = value.trim().toLowerCase();
  return (FOLDER_PALETTE as readonly string[]).includes(lower) ? (lower as FolderColor) : null;
}

/** Name and description trimmed, an empty description as none; `fallbackColor` when no colour is given. */
export function checkFolder(input: FolderInput, fallbackColor: FolderColor = DEFAULT_FOLDER_COLOR): Checked {
  const name = input.name.trim();
  const description = input.description.trim();
  const violations: Violation[] = [];
  if (!name) violations.push({ field: 'name', message: 'Please enter a folder name.' });
  else if (name.length > FOLDER_NAME_MAX) violations.push({ field: 'name', message: `The folder name must be at most ${FOLDER_NAME_MAX} characters.` });
  if (description.length > FOLDER_DESCRIPTION_MAX) {
    violations.push({ field: 'description', message: `The description must be at most ${FOLDER_DESCRIPTION_MAX} characters.` });
  }
  const color = input.color.trim() === '' ? fallbackColor : paletteColor(input.color);
  if (!color) violations.push({ field: 'color', message: `The colour must be one of the folder palette: ${FOLDER_PALETTE.join(', ')}.` });
  if (violations.length > 0 || !color) return { ok: false, violations };
  return { ok: true, fields: { name, description: description || null, color } };
}

/** A folder update with a blank name does nothing at all. */
export function isNoOpUpdate(input: Pick<FolderInput, 'name'>): boolean {
  return input.name.trim() === '';
}
