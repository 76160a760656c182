/** Text made safe for an XML attribute or element (control characters but tab and line breaks dropped). */
export function xmlText(value: string | number): string {
  return [...String(value)]
    .filter(allowedInXml)
    .join('')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** ` name="value"` for each attribute that has a value, in order. */
export function attributes(attrs: Record<string, string | number | undefined>): string {
  return Object.entries(attrs)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${xmlText(v!)}"`)
    .join('');
}

/** An element, self-closed without children; children indented by two spaces a level. */
export function element(name: string, attrs: Record<string, string | number | undefined>, children: string[] = []): string {
  if (children.length === 0) return `<${name}${attributes(attrs)}/>`;
  const inner = children.flatMap((c) => c.split('\n')).map((line) => `  ${line}`);
  return [`<${name}${attributes(attrs)}>`, ...inner, `</${name}>`].join('\n');
}

/** An element holding text. */
export function textElement(name: string, attrs: Record<string, string | number | undefined>, text: string | number): string {
  return `<${name}${attributes(attrs)}>${xmlText(text)}</${name}>`;
}

/** XML 1.0 allows tab, line feed, carriage return and the printable planes, nothing else below 0x20. */
function allowedInXml(char: string): boolean {
  const code = char.codePointAt(0)!;
  return code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code !== 0xfffe && code !== 0xffff);
}
