import { Home } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonVariants } from '../../components/ui/button';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <div className="flex flex-col items-center px-4 py-16 text-center sm:py-24">
      <p className="font-mono text-sm font-semibold tracking-widest text-brand-strong">404</p>
      <h1 className="mt-3 text-3xl font-semibold tracking-tight sm:text-4xl">Page Not Found</h1>
      <p className="mt-3 max-w-md text-[15px] leading-relaxed text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={buttonVariants({ size: 'lg', className: 'mt-8' })}>
        <Home aria-hidden="true" />
        Go to Dashboard
      </Link>
    </div>
  );
}
