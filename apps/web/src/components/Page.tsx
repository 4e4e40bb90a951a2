import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteMeta } from '../app/useRouteMeta';
import { NavBar, type NavBarProps } from './NavBar';

interface PageProps extends Omit<NavBarProps, 'title'> {
  /** Defaults to the route's title from the route table. */
  title?: ReactNode;
  /** Replace the standard navigation bar (e.g. a tab's own header); `null` hides it. */
  header?: ReactNode;
  /** Pinned under the scrolling content (e.g. a submit button). */
  footer?: ReactNode;
  /** Content without the 15 px side padding. */
  flush?: boolean;
  className?: string;
  children: ReactNode;
}

/** A screen: navigation bar, scrolling content with the 15 px edge padding, optional footer. */
export function Page({ title, header, footer, flush, className, children, back, ...navBar }: PageProps) {
  const { t } = useTranslation();
  const meta = useRouteMeta();
  const resolvedTitle = title ?? (meta ? t(meta.titleKey) : undefined);
  return (
    <div className={`page${className ? ` ${className}` : ''}`}>
      {header === undefined ? <NavBar title={resolvedTitle} back={back ?? !meta?.tab} {...navBar} /> : header}
      {/* Focusable so a keyboard can scroll a screen of plain text (terms, fee tables): axe scrollable-region-focusable. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling region itself must take focus when nothing in it can */}
      <main tabIndex={0} className={`page__content${flush ? ' page__content--flush' : ''}`}>
        {children}
      </main>
      {footer && <div className="page__footer">{footer}</div>}
    </div>
  );
}
