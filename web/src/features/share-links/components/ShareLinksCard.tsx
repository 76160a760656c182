import { Link } from 'react-router-dom';
import { Link2 } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useShareLinks } from '../api/share-links';
import { ShareLinkRow } from './ShareLinkRow';

/** Settings → "Share links": every public link of the user's reels, with views, copy and revoke. */
export function ShareLinksCard() {
  const { data, isLoading } = useShareLinks();
  return (
    <Card data-testid="share-links-card">
      <CardHeader>
        <CardTitle as="h2">Share links</CardTitle>
        <CardDescription>
          Public links to your reels. Anyone with one can watch without an account; revoke a link to close it. Their views week by week are in{' '}
          <Link to="/analytics" className="font-medium text-foreground underline underline-offset-2">
            Analytics
          </Link>
          .
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Skeleton className="h-20" />
        ) : data?.length ? (
          <ul className="-my-3 divide-y divide-border">
            {data.map((link) => (
              <ShareLinkRow key={link.token} link={link} heading={`${link.title} · version ${link.version}`} />
            ))}
          </ul>
        ) : (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="share-links-none">
            <Link2 className="size-4 shrink-0" aria-hidden="true" />
            No links yet. Open a ready reel and press Share to make one.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
