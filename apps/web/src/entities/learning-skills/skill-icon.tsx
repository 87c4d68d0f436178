import type { Media } from '@skillroom/contract/types';

interface Props {
  /** The icon, or its URL (reports carry the URL only). */
  icon: Media | string | null | undefined;
  colorCode: string;
  /** The skill's name, for the initial drawn when it has no icon. */
  name: string;
  size?: number;
}

/**
 * A skill's icon (the catalogue's are discs of the skill's colour already), or its initial on its colour. Decorative:
 * the skill's name is always written beside it.
 */
export function SkillIcon({ icon, colorCode, name, size = 36 }: Props) {
  const url = typeof icon === 'string' ? icon : (icon?.thumbUrl ?? icon?.url ?? null);
  const style = { width: size, height: size, backgroundColor: colorCode, boxShadow: `0 0 0 2px ${colorCode}` };
  // Lazy: a screen lists many skills, most below the fold; one in view loads at once anyway, in its reserved square.
  if (url)
    return (
      <img
        src={url}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        style={style}
        className="shrink-0 rounded-full object-cover"
      />
    );
  return (
    <span
      aria-hidden="true"
      style={{ ...style, fontSize: size * 0.45 }}
      className="inline-flex shrink-0 items-center justify-center rounded-full font-bold text-white"
    >
      {[...name.trim()][0]?.toUpperCase() ?? ''}
    </span>
  );
}
