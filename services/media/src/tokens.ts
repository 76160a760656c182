export const MEDIA_CONFIG = Symbol('MEDIA_CONFIG');
