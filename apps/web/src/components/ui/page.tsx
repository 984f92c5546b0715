import { type ReactNode, useEffect } from 'react';

/** A screen's frame: sets the document title and gives the page its one h1. */
export function Page({
  title,
  heading,
  children,
  className,
}: {
  title: string;
  heading?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  useEffect(() => {
    document.title = `${title} · Vocab`;
  }, [title]);
  return (
    <section className={`page ${className ?? ''}`.trim()}>
      {heading === undefined ? <h1>{title}</h1> : heading}
      {children}
    </section>
  );
}
