/**
 * Markdown to safe HTML (docs/news.md "Rendering"). Two layers, so one mistake in either is not an injection:
 * markdown-it with raw HTML off (a `<script>` in the Markdown is shown as text), images off (docs/news.md) and a link
 * rule that keeps only http(s), mailto and the app's own routes; then sanitize-html with an allowlist of the tags
 * Markdown makes and no attributes but a link's href. The web inserts the result as it is.
 */
import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/** Links a reader may follow: the web's own routes (`#/pages/...`, `/pages/...`), http(s) and mailto. */
const SAFE_LINK = /^(https?:\/\/|mailto:|#\/pages\/|\/pages\/)/i;

const md = new MarkdownIt({ html: false, linkify: true, typographer: false });
md.disable(['image']);
md.validateLink = (url: string) => SAFE_LINK.test(url.trim());

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h1',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    's',
    'code',
    'pre',
    'blockquote',
    'a',
    'hr',
    'br',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
};

/** The body as HTML that is safe to insert into the app's page. */
export function renderMarkdown(markdown: string): string {
  return sanitizeHtml(md.render(markdown), ALLOWED);
}

/** The start of the body as plain text (a list's preview): no tags, no Markdown marks, whitespace collapsed. */
export function excerpt(markdown: string, max = 160): string {
  const text = sanitizeHtml(md.render(markdown), { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
