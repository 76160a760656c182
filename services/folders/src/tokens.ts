export const FOLDERS_CONFIG = Symbol('FOLDERS_CONFIG');
