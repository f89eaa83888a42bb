// Text from people, made safe before it is stored. The HTML a blog post may keep: what the dashboard's editor produces (paragraphs, headings, lists,
// emphasis, quotes, links), nothing that runs. Everything else is dropped on the server, whatever
// the client sent: scripts, event attributes, styles, SVG, iframes, javascript: and data: links.
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'mark',
    'sub',
    'sup',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'code',
    'pre',
    'hr',
  ],
  allowedAttributes: { a: ['href', 'title'], p: ['style'], h2: ['style'], h3: ['style'], h4: ['style'] },
  allowedStyles: { '*': { 'text-align': [/^(left|right|center|justify)$/] } },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // The contents of these go with them (a <script>'s code must not turn into visible text either).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'svg', 'math', 'iframe', 'object'],
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }),
    h1: 'h2',
  },
};

export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, { ...OPTIONS, allowedAttributes: { ...OPTIONS.allowedAttributes, a: ['href', 'title', 'rel'] } }).trim();
}

function stripTags(text: string): string {
  return sanitizeHtml(text, { allowedTags: [], allowedAttributes: {}, nonTextTags: OPTIONS.nonTextTags })
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * Plain text (contact messages): every tag removed, their text kept, a script's dropped. Entities
 * are decoded so "5 < 6" reads as typed; it runs again until nothing changes, so an escaped tag
 * ("&lt;script&gt;") does not come back as a real one.
 */
export function plainText(text: string): string {
  let current = text;
  for (let i = 0; i < 5; i++) {
    const next = stripTags(current);
    if (next === current) break;
    current = next;
  }
  return current.trim();
}
