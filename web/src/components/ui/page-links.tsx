import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** The app's pages that server messages point to ('choose Rookie or Pro at /pricing'), by the name a link shows. */
const PAGES: Record<string, string> = { '/pricing': 'Pricing', '/subscribe': 'Checkout', '/settings': 'Settings' };
const PAGE_PATH = /(\/pricing|\/subscribe|\/settings)(?![\w/-])/g;

/** Text (a toast, a server's reason) with every page path in it turned into a link named after the page: the app links, it never prints paths. */
export function withPageLinks(text: string): ReactNode {
  const parts = text.split(PAGE_PATH);
  if (parts.length === 1) return text;
  return parts.map((part, i) =>
    i % 2 === 1 ? (
      <Link key={i} to={part} className="font-medium underline underline-offset-2">
        {PAGES[part]}
      </Link>
    ) : (
      part
    ),
  );
}
