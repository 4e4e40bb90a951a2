/**
 * An article's body: HTML the server made from Markdown and sanitised (docs/news.md "Rendering"), inserted as it is.
 * Its links never leave by themselves: each goes through webview/index, whose allowlist decides (an app screen
 * opens, a published site is offered, anything else is refused). Its images are the operators' uploads alone, behind
 * signed addresses of this server (the server drops any other).
 */
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths';

export function ArticleBody({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a') : null;
      if (!link) return;
      event.preventDefault();
      navigate(paths.webview({ url: link.getAttribute('href') ?? '' }));
    };
    element.addEventListener('click', onClick);
    return () => element.removeEventListener('click', onClick);
  }, [navigate]);
  return (
    <div
      ref={ref}
      className="article-body"
      data-testid="article-body"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitised rendering (modules/articles/render.ts)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
