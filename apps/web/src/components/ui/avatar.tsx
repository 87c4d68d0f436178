import { AVATAR_SIZE_PX } from '@skillroom/contract/constants';
import type { Media } from '@skillroom/contract/types';

interface Props {
  media: Media | string | null | undefined;
  name: string;
  size?: number;
  /** Decorative when the name is written beside it. */
  decorative?: boolean;
  className?: string;
  /**
   * Shown at the top of a screen (the header's account, a class's or student's heading): loaded at once, at low priority
   * (a small picture beside the title, never the screen's largest paint: the screen's code and data go first). Others
   * are lazy, so the avatars of a long list below the fold wait until they are scrolled near.
   */
  eager?: boolean;
}

const palette = ['bg-teal-700', 'bg-indigo-700', 'bg-rose-700', 'bg-amber-700', 'bg-sky-700', 'bg-fuchsia-700'];

/** A round picture of a person or class, or their initials on a colour chosen from the name. */
export function Avatar({ media, name, size = AVATAR_SIZE_PX, decorative = true, className = '', eager = false }: Props) {
  const url = media && typeof media === 'object' ? (media.thumbUrl ?? media.url) : null;
  const style = { width: size, height: size };
  if (url)
    return (
      <img
        src={url}
        alt={decorative ? '' : name}
        width={size}
        height={size}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'low' : undefined}
        decoding="async"
        style={style}
        className={`shrink-0 rounded-full object-cover ${className}`}
      />
    );
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  const colour = palette[[...name].reduce((n, c) => n + c.charCodeAt(0), 0) % palette.length];
  return (
    <span
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : name}
      aria-hidden={decorative || undefined}
      style={{ ...style, fontSize: Math.max(10, size * 0.4) }}
      className={`inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white ${colour} ${className}`}
    >
      {initials || '?'}
    </span>
  );
}
