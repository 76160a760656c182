import type { ReactNode } from 'react';
import { useState } from 'react';
import { Film } from 'lucide-react';
import { cn } from '../../../lib/utils';
import { useStableUrl } from './use-stable-url';

/** The video's thumbnail; without one, or when it fails to load, a film icon. */
export function VideoThumbnail({
  src: latestSrc,
  alt = '',
  className,
  iconClassName,
  children,
}: {
  src: string | null | undefined;
  alt?: string;
  className?: string;
  iconClassName?: string;
  children?: ReactNode;
}) {
  const [src, renew] = useStableUrl(latestSrc);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = !!src && failedSrc !== src;
  return (
    <div className={cn('relative isolate overflow-hidden bg-neutral-900', className)}>
      {showImage ? (
        <img
          src={src}
          alt={alt}
          loading="lazy"
          decoding="async"
          onError={() => {
            setFailedSrc(src);
            renew();
          }}
          data-testid="video-thumbnail"
          className="size-full object-cover"
        />
      ) : (
        <div
          data-testid="thumbnail-fallback"
          role={alt ? 'img' : undefined}
          aria-label={alt || undefined}
          className="flex size-full items-center justify-center bg-gradient-to-br from-neutral-800 to-neutral-950 text-neutral-500"
        >
          <Film className={cn('size-8', iconClassName)} aria-hidden="true" />
        </div>
      )}
      {children}
    </div>
  );
}
