/**
 * Markdown to safe HTML (docs/news.md "Rendering"). Two layers, so one mistake in either is not an injection:
 * markdown-it with raw HTML off (a `<script>` in the Markdown is shown as text), a link rule that keeps only http(s),
 * mailto, the app's own routes and `file:<id>`, and images only of the operators' uploads the article lists
 * (`![text](file:<id>)`, shown through a signed address; any other image is its text alone, never a remote fetch);
 * then sanitize-html with an allowlist of the tags Markdown makes, no attributes but a link's href and an image's src
 * and alt, and an image kept only when its src is a signed file address. The web inserts the result as it is.
 */
import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/** Links a reader may follow: the web's own routes (`#/pages/...`, `/pages/...`), http(s) and mailto. */
const SAFE_LINK = /^(https?:\/\/|mailto:|#\/pages\/|\/pages\/)/i;
/** An image of the article: an operator's upload by its id. */
const FILE_REF = /^file:([A-Za-z0-9_-]{1,64})$/;
const FILE_REFS = /!\[[^\]]*\]\(\s*<?file:([A-Za-z0-9_-]{1,64})/g;
/** What the file store's signedUrl makes (platform/files.ts): the only image source that survives sanitising. */
const SIGNED_FILE = /^\/web\/file\/[A-Za-z0-9_-]{1,64}\?exp=\d+&sig=[A-Za-z0-9_-]+$/;

/** Resolves an article's image (a file id) to its address, or undefined when the article may not show it. */
export type ImageResolver = (fileId: string) => string | undefined;

const md = new MarkdownIt({ html: false, linkify: true, typographer: false });
md.validateLink = (url: string) => SAFE_LINK.test(url.trim()) || FILE_REF.test(url.trim());
md.renderer.rules.image = (tokens, idx, options, env) => {
  const token = tokens[idx];
  if (!token) return '';
  const alt = md.utils.escapeHtml(token.children ? md.renderer.renderInlineAsText(token.children, options, env) : '');
  const id = FILE_REF.exec(String(token.attrGet('src') ?? ''))?.[1];
  const src = id ? (env as { images?: ImageResolver } | undefined)?.images?.(id) : undefined;
  return src ? `<img src="${md.utils.escapeHtml(src)}" alt="${alt}">` : alt;
};

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
    'img',
  ],
  allowedAttributes: { a: ['href'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
  exclusiveFilter: (frame) => frame.tag === 'img' && !SIGNED_FILE.test(frame.attribs.src ?? ''),
};

/** The body as HTML that is safe to insert into the app's page; `images` resolves the article's own images. */
export function renderMarkdown(markdown: string, images?: ImageResolver): string {
  return sanitizeHtml(md.render(markdown, { images }), ALLOWED);
}

/** The file ids a body shows as images (`![text](file:<id>)`). */
export function imageRefs(markdown: string): string[] {
  return [...new Set([...markdown.matchAll(FILE_REFS)].map((m) => m[1] as string))];
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
