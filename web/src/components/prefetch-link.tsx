import { forwardRef } from 'react';
import { Link, type LinkProps } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { prefetchPage } from '../shared/prefetch.ts';

type Props = LinkProps & { pageId: string; params?: Record<string, string> };

/** A link that loads its page's code and data as soon as it is hovered or focused. */
export const PrefetchLink = forwardRef<HTMLAnchorElement, Props>(function PrefetchLink(
  { pageId, params, onMouseEnter, onFocus, ...props },
  ref,
) {
  const client = useQueryClient();
  return (
    <Link
      ref={ref}
      {...props}
      onMouseEnter={(event) => {
        prefetchPage(client, pageId, params);
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        prefetchPage(client, pageId, params);
        onFocus?.(event);
      }}
    />
  );
});
