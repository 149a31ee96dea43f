// Building the page's elements. Text always goes in as text, never as markup.

export const SVG_NS = 'http://www.w3.org/2000/svg';

export const $ = (selector) => document.querySelector(selector);

function build(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'text') node.textContent = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

// An SVG element: `svg('circle', { cx: 1, cy: 1, r: 0.4 })`.
export function svg(tag, attrs = {}, children = []) {
  return build(document.createElementNS(SVG_NS, tag), attrs, children);
}

// An HTML element: `html('li', { class: 'x', text: 'words' }, [children])`.
export function html(tag, attrs = {}, children = []) {
  return build(document.createElement(tag), attrs, children);
}

// Moves the keyboard's focus to the first of `selectors` that is shown, so that after a panel
// opens or closes the focus lands where the person goes on (never on the page's body). A
// heading or a region is made focusable by script only (`tabindex="-1"`).
export function focusFirst(...selectors) {
  for (const selector of selectors) {
    const node = document.querySelector(selector);
    if (!node || node.closest('[hidden]') || node.disabled) continue;
    if (node.tabIndex < 0 && !node.hasAttribute('tabindex')) node.setAttribute('tabindex', '-1');
    node.focus({ preventScroll: false });
    return node;
  }
  return null;
}

// Gives `node` the colour of a seat, which the style sheet reads as `--seat` and `--seat-ink`.
export function paint(node, [fill, ink]) {
  node.style.setProperty('--seat', fill);
  if (ink) node.style.setProperty('--seat-ink', ink);
  return node;
}
