import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { withPageLinks } from './page-links';

const html = (text: string) => renderToStaticMarkup(<MemoryRouter>{withPageLinks(text)}</MemoryRouter>);

describe('withPageLinks', () => {
  it('turns page paths into links named after the page, and prints no path', () => {
    const out = html('Your payment has not gone through yet. Finish it at /subscribe, or choose a plan at /pricing.');
    expect(out).toContain('<a class="font-medium underline underline-offset-2" href="/subscribe" data-discover="true">Checkout</a>');
    expect(out).toContain('<a class="font-medium underline underline-offset-2" href="/pricing" data-discover="true">Pricing</a>.');
    expect(out.replace(/href="[^"]*"/g, '')).not.toMatch(/\/(pricing|subscribe)/);
  });

  it('leaves other text and other slashes alone', () => {
    expect(withPageLinks('Upload failed - 3/4 parts sent')).toBe('Upload failed - 3/4 parts sent');
    expect(html('see /pricing-old or /subscribers')).toBe('see /pricing-old or /subscribers');
  });
});
