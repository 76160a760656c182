/**
 * The field (dotted path) of the first text in a contract message that holds a NUL character, or
 * null. PostgreSQL cannot store U+0000 in text, so such a request is refused before any handler.
 */
export function textWithNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'value' : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = textWithNul(item, `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key === '$typeName') continue;
    const found = textWithNul(item, path ? `${path}.${key}` : key);
    if (found) return found;
  }
  return null;
}
