import { useId } from 'react';

/** The app's mark: a rising line in gold on a dark tile. Purely decorative. */
export function BrandMark({ size = 40 }: { size?: number }) {
  const gradient = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false" className="brand-mark">
      <defs>
        <linearGradient id={gradient} x1="0" y1="1" x2="1" y2="0">
          <stop offset="0" stopColor="#b8862f" />
          <stop offset="1" stopColor="#f3d27a" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="#151b26" />
      <rect x="1" y="1" width="62" height="62" rx="15" fill="none" stroke={`url(#${gradient})`} strokeOpacity="0.45" />
      <path
        d="M14 44l11-12 8 7 17-19"
        fill="none"
        stroke={`url(#${gradient})`}
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="50" cy="20" r="4" fill="#f3d27a" />
    </svg>
  );
}
