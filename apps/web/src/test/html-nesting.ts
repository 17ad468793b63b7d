/**
 * HTML's nesting rules as the HTML parser applies them, read off a rendered DOM: the same rules React's development
 * build checks as it renders (react-dom's `validateDOMNesting`), which it reports only once per pair of tags in a
 * process. A DOM holding what no parser would build (a `<div>` inside a `<p>`, a `<tr>` outside a table) renders in a
 * test and breaks as server-rendered or copied HTML, and assistive technology reads the tree the parser would have built.
 */

/** Each of these starts a new block: the parser closes an open `<p>` before it (unless a scope boundary is between). */
const closesParagraph = new Set(
  'address article aside blockquote center details dialog dir div dl fieldset figcaption figure footer form header hgroup main menu nav ol p section summary ul pre listing table hr xmp h1 h2 h3 h4 h5 h6'.split(
    ' ',
  ),
);

/** Boundaries of the parser's "in scope": an `<a>` or `<button>` beyond one of these does not hold what is inside it. */
const scopeBoundaries = new Set(
  'applet caption html table td th marquee object select template foreignObject desc title'.split(' '),
);

/** The parser's special elements: an open `<li>`, `<dd>` or `<dt>` beyond one of these (but div, address, p) is not closed. */
const specialElements = new Set(
  'address applet area article aside base basefont bgsound blockquote body br button caption center col colgroup dd details dir div dl dt embed fieldset figcaption figure footer form frame frameset h1 h2 h3 h4 h5 h6 head header hgroup hr html iframe img input isindex li link listing main marquee menu menuitem meta nav noembed noframes noscript object ol p param plaintext pre script section select source style summary table tbody td template textarea tfoot th thead title tr track ul wbr xmp'.split(
    ' ',
  ),
);

const headings = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const anywhereInTable = ['style', 'script', 'template'];

/** The only children some parents may have. */
const childrenOf: Record<string, Set<string>> = {
  tr: new Set(['th', 'td', ...anywhereInTable]),
  tbody: new Set(['tr', ...anywhereInTable]),
  thead: new Set(['tr', ...anywhereInTable]),
  tfoot: new Set(['tr', ...anywhereInTable]),
  colgroup: new Set(['col', 'template']),
  table: new Set(['caption', 'colgroup', 'tbody', 'tfoot', 'thead', ...anywhereInTable]),
};

/** Elements that may only stand in one of the parents above. */
const onlyInTheirParent = new Set(['tbody', 'thead', 'tfoot', 'tr', 'td', 'th']);

/**
 * Why `element` may not stand where it is, in React's words ("<div> cannot be a descendant of <p>."), or undefined
 * when it may.
 */
export function nestingProblem(element: Element): string | undefined {
  const tag = element.localName;
  const parent = element.parentElement?.localName;
  if (parent !== undefined) {
    const allowed = childrenOf[parent];
    if (allowed ? !allowed.has(tag) : onlyInTheirParent.has(tag)) return `<${tag}> cannot be a child of <${parent}>.`;
    if (headings.has(tag) && headings.has(parent)) return `<${tag}> cannot be a child of <${parent}>.`;
    if (parent === 'select' && ['caption', 'col', 'colgroup', 'input'].includes(tag)) {
      return `<${tag}> cannot be a child of <${parent}>.`;
    }
  }
  // Searching up from the element for an open element its start tag would have closed, as far as the parser looks.
  let paragraphInScope = closesParagraph.has(tag) || tag === 'form';
  let sameInScope = tag === 'a' || tag === 'button' || tag === 'nobr';
  let listItemOpen = tag === 'li' || tag === 'dd' || tag === 'dt';
  for (let ancestor = element.parentElement; ancestor; ancestor = ancestor.parentElement) {
    if (!paragraphInScope && !sameInScope && !listItemOpen && tag !== 'form') break;
    const name = ancestor.localName;
    const closed =
      (paragraphInScope && name === 'p') ||
      (tag === 'form' && name === 'form') ||
      (sameInScope && name === tag) ||
      (listItemOpen && (tag === 'li' ? name === 'li' : name === 'dd' || name === 'dt'));
    if (closed) return `<${tag}> cannot be a descendant of <${name}>.`;
    if (scopeBoundaries.has(name)) sameInScope = paragraphInScope = false;
    if (name === 'button') paragraphInScope = false;
    if (specialElements.has(name) && name !== 'address' && name !== 'div' && name !== 'p') listItemOpen = false;
  }
  return undefined;
}

/** The nesting problems of `root` and every element inside it, each once. */
export function nestingProblemsIn(root: Element): string[] {
  const problems = new Set<string>();
  for (const element of [root, ...root.querySelectorAll('*')]) {
    const problem = nestingProblem(element);
    if (problem) problems.add(problem);
  }
  return [...problems];
}
