import type { LanguageCode } from '@vocab/core';
import '../languages.css';

/**
 * Each language's flag, drawn inline (nothing is fetched): a 3:2 emblem beside the language's name. Decorative,
 * as the name is always written next to it. The same drawings are served as /images/<language>.svg.
 */
/** France's and Italy's pattern: a white field between a band at the hoist and one at the fly. */
const whiteTricolour = (hoist: string, fly: string) => (
  <>
    <rect width="30" height="20" fill="#ffffff" />
    <rect width="10" height="20" fill={hoist} />
    <rect x="20" width="10" height="20" fill={fly} />
  </>
);

const FLAGS: Record<LanguageCode, React.ReactNode> = {
  spanish: (
    <>
      <rect width="30" height="20" fill="#aa151b" />
      <rect y="5" width="30" height="10" fill="#f1bf00" />
    </>
  ),
  french: whiteTricolour('#002654', '#ce1126'),
  german: (
    <>
      <rect width="30" height="20" fill="#000000" />
      <rect y="6.67" width="30" height="6.67" fill="#dd0000" />
      <rect y="13.33" width="30" height="6.67" fill="#ffce00" />
    </>
  ),
  italian: whiteTricolour('#009246', '#ce2b37'),
  portuguese: (
    <>
      <rect width="30" height="20" fill="#ff0000" />
      <rect width="12" height="20" fill="#006600" />
      <circle cx="12" cy="10" r="4.2" fill="none" stroke="#ffe000" strokeWidth="1.4" />
      <path d="M10.3 7.6h3.4v3.2a1.7 1.7 0 0 1-3.4 0z" fill="#ffffff" stroke="#ff0000" strokeWidth="0.8" />
    </>
  ),
  swedish: (
    <>
      <rect width="30" height="20" fill="#006aa7" />
      <rect x="9" width="4" height="20" fill="#fecc00" />
      <rect y="8" width="30" height="4" fill="#fecc00" />
    </>
  ),
};

export function LanguageFlag({ code, className }: { code: LanguageCode; className?: string }) {
  return (
    <svg className={`language-flag ${className ?? ''}`.trim()} viewBox="0 0 30 20" aria-hidden="true" focusable="false">
      {FLAGS[code]}
    </svg>
  );
}
