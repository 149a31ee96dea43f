// Headless Chromium as every browser script here starts it: Debian's /usr/bin/chromium (or
// $CHROMIUM) driven by playwright-core, which downloads no browser, in a throwaway profile.

import { chromium } from 'playwright-core';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Starts Chromium with `options` (viewport, downloads) added; `close()` ends it and removes
// its profile.
export async function launch(name, options = {}) {
  const profile = mkdtempSync(join(tmpdir(), `pachisi-${name}-chromium-`));
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
      timeout: 60_000,
      ...options,
    });
    const page = context.pages()[0] ?? (await context.newPage());
    const close = async () => {
      await context.close().catch(() => {});
      rmSync(profile, { recursive: true, force: true });
    };
    return { context, page, close };
  } catch (err) {
    rmSync(profile, { recursive: true, force: true });
    throw err;
  }
}

// Records in `errors` every console error, page error and failed request of `page`, and every
// request that `allowed(url)` refuses, with `outside` saying what such a request went beyond.
export function collectErrors(page, errors, allowed, outside) {
  page.on('console', (msg) => {
    // The address a failed load names is where the message came from.
    const at = msg.location()?.url;
    if (msg.type() === 'error') errors.push(`console error: ${msg.text()}${at ? ` (${at})` : ''}`);
  });
  page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
  page.on('requestfailed', (req) =>
    errors.push(`request failed: ${req.url()} (${req.failure()?.errorText ?? 'unknown'})`),
  );
  page.on('request', (req) => {
    if (!allowed(req.url())) errors.push(`the page asked for something ${outside}: ${req.url()}`);
  });
}

// The server a script drives, from its URL argument (`usage` is printed and the script exits
// with status 2 when it is missing or not a URL): its origin, whether a URL is on it, and which
// URLs its pages may ask for (the server's own, and data: and blob: addresses they make).
export function serverOf(base, usage) {
  let origin;
  try {
    origin = new URL(base);
  } catch {
    console.error(base ? `not a URL: ${base}` : usage);
    process.exit(2);
  }
  const sameHost = (u) => {
    try {
      return new URL(u).host === origin.host;
    } catch {
      return false;
    }
  };
  const allowed = (u) => sameHost(u) || u.startsWith('data:') || u.startsWith('blob:');
  return { origin, sameHost, allowed };
}

// What a page script (`node NAME.mjs <base-url> <screenshot-directory>`) starts from: the server
// (`serverOf`), the directory for its screenshots, and the list its checks fail into (`check(ok,
// message)` records the message when `ok` is false). Prints the usage and exits with status 2
// without both arguments.
export function pageScript(name) {
  const usage = `usage: node ${name} <base-url> <screenshot-directory>`;
  const [base, shots] = process.argv.slice(2);
  if (!base || !shots) {
    console.error(usage);
    process.exit(2);
  }
  const { origin, allowed } = serverOf(base, usage);
  const errors = [];
  const check = (ok, message) => {
    if (!ok) errors.push(message);
  };
  return { origin, allowed, shots, errors, check };
}

// axe-core's script, read once; run in the page through the browser's own evaluation, which the
// page's Content Security Policy (scripts from the server only) does not block.
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// Runs axe-core on `page` as it stands and records in `errors` every violation, at any impact,
// with `where` (which page, at which moment) and the first few elements it found.
//
// axe leaves undecided ("incomplete") the contrast of text it cannot see the background of:
// text drawn in SVG over SVG shapes (the board's labels, the pieces' letters), text of one or
// two characters, symbols. A contrast nobody checked has not passed, so those are measured here
// (`measureContrast`): each fails below WCAG's 4.5:1 (3:1 for large text and for symbols hidden
// from assistive technology, which are graphics), and one that cannot be measured either fails
// with axe's reason.
export async function checkAccessibility(page, where, errors) {
  const { violations, undecided } = await page.evaluate(async (source) => {
    if (!window.axe) (0, eval)(source);
    const result = await window.axe.run(document, { resultTypes: ['violations', 'incomplete'] });
    const nodes = (list) => list.slice(0, 3).map((n) => n.target.join(' ')).join(', ');
    return {
      violations: result.violations.map((v) => `${v.impact} ${v.id}: ${v.help} `
        + `(${v.nodes.length}: ${nodes(v.nodes)})`),
      undecided: result.incomplete.filter((v) => v.id === 'color-contrast')
        .flatMap((v) => v.nodes.map((n) => ({ target: n.target,
          reason: [...n.any, ...n.all, ...n.none].map((c) => c.data?.messageKey ?? c.message)
            .filter(Boolean).join('; ') || 'no reason given' }))),
    };
  }, AXE);
  for (const violation of violations) errors.push(`axe-core on ${where}: ${violation}`);
  const measured = await measureContrast(page, undecided);
  let failed = 0;
  for (const m of measured) {
    if (m.ratio === null) {
      errors.push(`axe-core on ${where}: the contrast of ${m.target} is undecided (${m.reason}) `
        + `and could not be measured: ${m.why}`);
    } else if (m.ratio < m.needed) {
      errors.push(`contrast on ${where}: ${m.target} "${m.text}" is ${m.ratio.toFixed(2)}:1 `
        + `(${m.fg} on ${m.bg}), below ${m.needed}:1`);
    } else {
      continue;
    }
    failed += 1;
  }
  if (measured.length > 0) {
    const lowest = Math.min(...measured.filter((m) => m.ratio !== null).map((m) => m.ratio));
    console.log(`${where}: ${measured.length} contrasts axe left undecided measured, the lowest `
      + `${lowest.toFixed(2)}:1`);
  }
  return violations.length + failed;
}

// The contrast of each element axe could not decide (`{ target, reason }`), measured in the page:
// the text's colour over the colours painted beneath its middle (SVG fills, HTML backgrounds,
// each with its opacity, down to the page's white), or over its halo where an SVG text has one
// (a stroke around its letters), as WCAG computes it. `ratio` is null where a
// layer beneath is an image or a pattern.
async function measureContrast(page, undecided) {
  if (undecided.length === 0) return [];
  return page.evaluate((items) => {
    // A computed colour: rgb(), rgba(), or color(srgb ...) (what a mix or an animation gives).
    const colour = (text) => {
      const m = /rgba?\(([^)]*)\)/.exec(text ?? '');
      if (m) {
        const [r, g, b, a = 1] = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
        return { r, g, b, a };
      }
      const srgb = /color\(srgb ([^)]*)\)/.exec(text ?? '');
      if (!srgb) return null;
      const [r, g, b, a = 1] = srgb[1].split(/[\s/]+/).filter(Boolean).map(Number);
      return { r: r * 255, g: g * 255, b: b * 255, a };
    };
    const over = (top, under) => ({ r: top.r * top.a + under.r * (1 - top.a),
      g: top.g * top.a + under.g * (1 - top.a), b: top.b * top.a + under.b * (1 - top.a), a: 1 });
    const luminance = ({ r, g, b }) => {
      const lin = (v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const opacity = (node) => {
      let o = 1;
      for (let n = node; n && n.nodeType === 1; n = n.parentElement) {
        o *= Number(getComputedStyle(n).opacity);
      }
      return o;
    };
    const svgShape = (n) => n instanceof SVGElement && !(n instanceof SVGSVGElement);
    // What one element paints: an SVG shape its fill, anything else its background.
    const paint = (n) => {
      const cs = getComputedStyle(n);
      if (svgShape(n)) {
        if (cs.fill === 'none') return { a: 0 };
        const c = colour(cs.fill);
        return c ? { ...c, a: c.a * Number(cs.fillOpacity) * opacity(n) } : null;
      }
      if (cs.backgroundImage !== 'none') return null;
      const c = colour(cs.backgroundColor) ?? { r: 0, g: 0, b: 0, a: 0 };
      return { ...c, a: c.a * opacity(n) };
    };
    // Hit-testing skips what lets the pointer through: for this measure, nothing does.
    const style = document.createElement('style');
    style.textContent = '* { pointer-events: auto !important; }';
    document.head.append(style);
    const [scrollX, scrollY] = [window.scrollX, window.scrollY];
    try {
      return items.map(({ target, reason }) => {
        const selector = target.join(' ');
        const el = document.querySelector(target[target.length - 1]);
        const base = { target: selector, reason, ratio: null };
        if (!el) return { ...base, why: 'it is gone from the page' };
        const cs = getComputedStyle(el);
        const fg = colour(svgShape(el) ? cs.fill : cs.color);
        if (!fg) return { ...base, why: `its colour is ${svgShape(el) ? cs.fill : cs.color}` };
        // Hit-testing sees only what is in the window.
        el.scrollIntoView({ block: 'center', inline: 'center' });
        const box = el.getBoundingClientRect();
        const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
        if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) {
          return { ...base, why: 'it cannot be scrolled into the window' };
        }
        const stack = document.elementsFromPoint(x, y);
        const at = stack.indexOf(el);
        // An HTML element's own background is beneath its text; an SVG text paints no other.
        const beneath = [...(svgShape(el) ? [] : [el]), ...stack.slice(at + 1)
          .filter((n) => !el.contains(n) && !(n instanceof SVGTextContentElement))];
        let bg = { r: 255, g: 255, b: 255, a: 1 };
        for (const n of beneath.reverse()) {
          const p = paint(n);
          if (!p) {
            const cs = getComputedStyle(n);
            return { ...base, why: `the ${n.tagName} beneath it is painted with `
              + `${svgShape(n) ? cs.fill : cs.backgroundImage}` };
          }
          if (p.a > 0) bg = over(p, bg);
        }
        // An SVG text drawn with a halo (a stroke around its letters) reads against the halo.
        const halo = svgShape(el) && cs.stroke !== 'none' && parseFloat(cs.strokeWidth) > 0
          ? colour(cs.stroke) : null;
        if (halo) bg = over({ ...halo, a: halo.a * Number(cs.strokeOpacity) * opacity(el) }, bg);
        const text = over({ ...fg, a: fg.a * (svgShape(el) ? Number(cs.fillOpacity) : 1)
          * opacity(el) }, bg);
        const [hi, lo] = [luminance(text), luminance(bg)].sort((a, b) => b - a);
        // Large text: 24 CSS pixels, or 18.66 bold (an SVG text's box is about 1.15 times its
        // size); a symbol hidden from assistive technology is a graphic.
        const size = svgShape(el) ? box.height / 1.15 : parseFloat(cs.fontSize);
        const bold = Number(cs.fontWeight) >= 700;
        const graphic = el.closest('[aria-hidden="true"]') !== null;
        const needed = graphic || size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
        const rgb = (c) => `rgb(${Math.round(c.r)}, ${Math.round(c.g)}, ${Math.round(c.b)})`;
        return { ...base, ratio: (hi + 0.05) / (lo + 0.05), needed, fg: rgb(text), bg: rgb(bg),
          text: (el.textContent ?? '').trim().slice(0, 30) };
      });
    } finally {
      style.remove();
      window.scrollTo(scrollX, scrollY);
    }
  }, undecided);
}

// Waits until the game page wants something of the person ('throw' or 'move'), or the game is
// over ('over'), or `deadline` (a Date.now() time) has passed ('timeout').
export async function personDue(p, deadline) {
  return p.waitForFunction(() => {
    const body = document.body;
    if (body.dataset.busy === 'true') return null;
    const result = document.querySelector('#result');
    if (result && !result.hidden && result.textContent.trim()) return 'over';
    if (body.dataset.awaiting !== 'human') return null;
    if (body.dataset.phase === 'throw') {
      return document.querySelector('#throw:not(:disabled)') ? 'throw' : null;
    }
    if (body.dataset.phase === 'move') {
      return document.querySelectorAll('#moves li').length > 0 ? 'move' : null;
    }
    return null;
  }, null, { timeout: Math.max(1, deadline - Date.now()), polling: 50 })
    .then((h) => h.jsonValue())
    .catch(() => 'timeout');
}
